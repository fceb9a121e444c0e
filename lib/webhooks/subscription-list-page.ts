import 'server-only';
import { listSubscriptions } from '@/lib/api/subscriptions';
import type { Subscription } from '@/lib/api/schemas/subscription';
import type { PageMeta } from '@/lib/api/types';
import type { DeliveryHealth } from '@/lib/domain/webhooks/health';
import type { ListParams } from '@/lib/domain/lists/list-params';
import { loadDayHealth } from './execution-log-reads';

export type SubscriptionRow = { sub: Subscription; health: DeliveryHealth | null };

/**
 * One page of subscriptions, each with its last-24-hours delivery summary (null where that could not be read: the
 * list still shows). A failed list read comes back as `failure`, for the page to word.
 */
export async function loadSubscriptionList(
  paging: ListParams,
): Promise<{ ok: true; rows: SubscriptionRow[]; meta: PageMeta } | { ok: false; failure: unknown }> {
  let page: Awaited<ReturnType<typeof listSubscriptions>>;
  try {
    page = await listSubscriptions({ limit: paging.limit, cursor: paging.cursor, direction: paging.direction });
  } catch (error) {
    return { ok: false, failure: error };
  }
  const now = new Date();
  const health = await Promise.all(page.data.map((s) => loadDayHealth(s.id, now, s.createdAt).catch((): DeliveryHealth | null => null)));
  return { ok: true, rows: page.data.map((sub, i) => ({ sub, health: health[i] ?? null })), meta: page.meta };
}
