// Pure: the times of a pending control change (the single-admin delay's setting and reason:
// lib/config/control-change-delay.ts).
export const CONTROL_CHANGE_EXPIRY_DAYS = 7;

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
