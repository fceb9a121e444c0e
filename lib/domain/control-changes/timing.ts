/**
 * When a weakening change takes effect. With another active admin, it waits for that admin's approval (and expires
 * unanswered after CONTROL_CHANGE_EXPIRY_DAYS). With no other active admin there is nobody to ask, so it takes
 * effect by itself after `CONTROL_CHANGE_DELAY_HOURS` (24 by default) — time in which it is announced on every
 * admin's console and can be cancelled, and in which a new admin could still reject it.
 */
export const DEFAULT_CONTROL_CHANGE_DELAY_HOURS = 24;
export const MAX_CONTROL_CHANGE_DELAY_HOURS = 720;
export const CONTROL_CHANGE_EXPIRY_DAYS = 7;

/** `CONTROL_CHANGE_DELAY_HOURS`: whole hours 1-720; unset: 24. Null when malformed (0 would remove the control). */
export function parseControlChangeDelayHours(raw: string | undefined): number | null {
  const text = (raw ?? '').trim();
  if (!text) return DEFAULT_CONTROL_CHANGE_DELAY_HOURS;
  if (!/^\d{1,3}$/.test(text)) return null;
  const hours = Number(text);
  return hours >= 1 && hours <= MAX_CONTROL_CHANGE_DELAY_HOURS ? hours : null;
}

export type PendingTimes = { effectiveAt: Date | null; expiresAt: Date };

/**
 * The times of a new pending change: `effectiveAt` set only when no other active admin exists (the single-admin
 * delay); every pending change expires, the delayed one after its effective time has long passed.
 */
export function pendingTimes(input: { at: Date; otherActiveAdmins: number; delayHours: number }): PendingTimes {
  const expiresAt = new Date(input.at.getTime() + CONTROL_CHANGE_EXPIRY_DAYS * 86_400_000);
  if (input.otherActiveAdmins > 0) return { effectiveAt: null, expiresAt };
  const effectiveAt = new Date(input.at.getTime() + input.delayHours * 3_600_000);
  return { effectiveAt, expiresAt: effectiveAt > expiresAt ? new Date(effectiveAt.getTime() + 86_400_000) : expiresAt };
}

/** A delayed change is due once its effective time has come (and it is still pending). */
export function isDue(change: { status: string; effectiveAt: Date | null }, at: Date): boolean {
  return change.status === 'PENDING' && change.effectiveAt !== null && change.effectiveAt.getTime() <= at.getTime();
}
