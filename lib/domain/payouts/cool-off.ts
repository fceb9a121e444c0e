// Pure: whether a new approver still cools off (the setting and its reason: lib/config/approver-cool-off.ts).

export type CoolOff = { coolingOff: false } | { coolingOff: true; until: Date; hours: number };

/**
 * Whether a user who gained the right to approve at `approverSince` must still wait at `at`. An unknown start (null)
 * counts as "just now": the safe side.
 */
export function approverCoolOff(approverSince: Date | null, at: Date, hours: number): CoolOff {
  if (hours <= 0) return { coolingOff: false };
  const since = approverSince ?? at;
  const until = new Date(since.getTime() + hours * 3_600_000);
  return until.getTime() > at.getTime() ? { coolingOff: true, until, hours } : { coolingOff: false };
}

/**
 * `approver_since` after a role change: set to `at` when the user gains the right to approve, kept when they already
 * had it (finance → admin approves no more than before), cleared when they lose it.
 */
export function approverSinceAfter(
  change: { couldApprove: boolean; canApprove: boolean; approverSince: Date | null },
  at: Date,
): Date | null {
  if (!change.canApprove) return null;
  if (!change.couldApprove) return at;
  return change.approverSince ?? at;
}
