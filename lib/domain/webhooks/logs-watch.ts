/**
 * What the logs page watches to know that something it shows changed: the newest attempts' ids, statuses and
 * update times. A new attempt (first delivery, retry, resend) or a status change of a recent one changes it;
 * nothing else does, so the page re-renders only when there is something new to show.
 */
export const WATCHED_ATTEMPTS = 10;

export function attemptsSignature(newestFirst: ReadonlyArray<{ id: string; status: string; updatedAt: string }>): string {
  return newestFirst
    .slice(0, WATCHED_ATTEMPTS)
    .map((log) => `${log.id}:${log.status}:${log.updatedAt}`)
    .join('|');
}
