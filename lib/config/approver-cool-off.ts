/**
 * `APPROVER_COOL_OFF_HOURS`: approvers cool off. Without this, one admin defeats maker-checker alone: request a
 * payout, add a "finance" user (the one-time password is shown to the admin), sign in as that user, change its
 * password, approve. So whoever
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
