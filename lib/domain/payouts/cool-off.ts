/**
 * Approvers cool off. Without this, one admin defeats maker-checker alone: request a payout, add a "finance" user
 * (the one-time password is shown to the admin), sign in as that user, change its password, approve. So whoever
 * GAINS the right to approve payouts (created with an approving role, or changed to one) may use it only after
 * `APPROVER_COOL_OFF_HOURS` (24 by default) — time in which the other admins, and the audit log, see the new
 * approver before any money can move on their say.
 */
export const DEFAULT_APPROVER_COOL_OFF_HOURS = 24;
export const MAX_APPROVER_COOL_OFF_HOURS = 720;

/** `APPROVER_COOL_OFF_HOURS`: whole hours 0-720 (0 turns the rule off); unset: 24. Null when malformed. */
export function parseCoolOffHours(raw: string | undefined): number | null {
  const text = (raw ?? '').trim();
  if (!text) return DEFAULT_APPROVER_COOL_OFF_HOURS;
  if (!/^\d{1,3}$/.test(text)) return null;
  const hours = Number(text);
  return hours <= MAX_APPROVER_COOL_OFF_HOURS ? hours : null;
}

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
