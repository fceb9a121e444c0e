import 'server-only';
import type { SessionUser } from '@/lib/auth/sessions';
import { can } from '@/lib/auth/permissions';
import { firstParam, type SearchParams } from '@/lib/domain/lists/list-params';
import { isPayoutStatus } from '@/lib/domain/payouts';
import { listPayouts, type PayoutPage, type PayoutScope } from './store';

const PAGE_SIZE = 20;

/** The lists a role may open, its default first: approvers start at their inbox, requesters at their own. */
function scopesFor(role: SessionUser['role']): PayoutScope[] {
  if (can(role, 'payouts:approve')) return ['inbox', 'mine', 'all'];
  return can(role, 'payouts:request') ? ['mine', 'all'] : ['all'];
}

/** What /payouts shows for the URL: the lists the user may open, the chosen one and its page. */
export async function loadPayoutList(
  user: Pick<SessionUser, 'id' | 'role'>,
  sp: SearchParams,
): Promise<{ views: PayoutScope[]; view: PayoutScope; page: PayoutPage; cursor: string | null }> {
  const views = scopesFor(user.role);
  const requested = firstParam(sp, 'view') as PayoutScope | undefined;
  const view = requested && views.includes(requested) ? requested : views[0]!;
  const status = firstParam(sp, 'status');
  const cursor = firstParam(sp, 'cursor') ?? null;
  const page = await listPayouts({ scope: view, userId: user.id, status: isPayoutStatus(status) ? status : undefined, cursor, limit: PAGE_SIZE });
  return { views, view, page, cursor };
}
