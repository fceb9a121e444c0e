import 'server-only';
import { can, type Role } from '@/lib/auth/permissions';
import { PayoutError } from './errors';

/** Who acts on a payout: the signed-in user as the payout service needs them (audit and notifications name them). */
export type PayoutActor = { id: string; email: string; name: string; role: Role };

/** Refuses (FORBIDDEN, audited as denied) an actor whose role lacks the permission. */
export function requirePermission(actor: PayoutActor, permission: 'payouts:request' | 'payouts:approve' | 'payouts:policy'): void {
  if (!can(actor.role, permission)) throw new PayoutError('FORBIDDEN', { permission });
}
