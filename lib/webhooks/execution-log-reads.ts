import 'server-only';
import { computeHealth, type DeliveryHealth } from '@/lib/domain/webhooks/health';
import { readHealthWindow, type HealthRead } from '@/lib/domain/webhooks/health-read';
import { MAX_JOB_ITEMS, selectReplayItems, type ReplayCandidate } from '@/lib/domain/webhooks/replay';
import { listExecutionLogsFiltered, type FilteredBy } from '@/lib/api/webhooks';
import type { ExecutionLog } from '@/lib/api/schemas/execution-log';
import type { ApiClient, CallOptions } from '@/lib/api/client';

/** At most this many attempts are read to compute a subscription's health (20 pages of 100). */
export const HEALTH_SCAN_LIMIT = 2_000;
/** At most this many attempts are read to plan a replay (one page of 100 per request). */
export const REPLAY_SCAN_LIMIT = 20_000;

async function collect(
  subscriptionId: string,
  filters: { createdFrom?: string; createdTo?: string },
  cap: number,
  options?: CallOptions,
): Promise<{ logs: ExecutionLog[]; truncated: boolean; filteredBy: FilteredBy }> {
  const logs: ExecutionLog[] = [];
  let cursor: string | null = null;
  let filteredBy: FilteredBy = 'none';
  const seen = new Set<string>();
  for (;;) {
    const page = await listExecutionLogsFiltered(subscriptionId, { limit: 100, cursor }, filters, options);
    if (page.filteredBy === 'console') filteredBy = 'console';
    else if (page.filteredBy === 'service' && filteredBy === 'none') filteredBy = 'service';
    logs.push(...page.data);
    const next = page.meta.nextCursor;
    if (!next || seen.has(next)) return { logs, truncated: false, filteredBy };
    if (logs.length >= cap) return { logs, truncated: true, filteredBy };
    seen.add(next);
    cursor = next;
  }
}

/**
 * The previous health read of each subscription, per API client (the app's own under DEFAULT_CLIENT): the next
 * view reads only the attempts newer than it (lib/domain/webhooks/health-read.ts). A few hundred subscriptions at
 * most; the oldest entry goes first beyond that.
 */
const DEFAULT_CLIENT = {};
const HEALTH_READS_KEPT = 200;
const globalForHealth = globalThis as unknown as { __fxHealthReads?: WeakMap<object, Map<string, HealthRead>> };

function healthReads(client: ApiClient | undefined): Map<string, HealthRead> {
  const all = (globalForHealth.__fxHealthReads ??= new WeakMap());
  const key = client ?? DEFAULT_CLIENT;
  let reads = all.get(key);
  if (!reads) {
    reads = new Map();
    all.set(key, reads);
  }
  return reads;
}

/**
 * Health over the last 7 days (newest attempts first, capped at HEALTH_SCAN_LIMIT). With the subscription's
 * creation time, a subscription younger than the window has had all its attempts read, so a failure streak is
 * exact rather than "N or more". Only the attempts newer than this process's previous read are fetched.
 */
export async function loadDeliveryHealth(
  subscriptionId: string,
  now: Date,
  options?: CallOptions & { subscriptionCreatedAt?: string },
): Promise<DeliveryHealth> {
  const from = new Date(now.getTime() - 7 * 24 * 3_600_000).toISOString();
  const reads = healthReads(options?.client);
  const read = await readHealthWindow(
    async (cursor) => {
      const page = await listExecutionLogsFiltered(subscriptionId, { limit: 100, cursor }, { createdFrom: from }, options);
      const data = page.data.map((l) => ({ id: l.id, status: l.status, createdAt: l.createdAt, error: l.error, httpStatus: l.httpStatus }));
      return { data, nextCursor: page.meta.nextCursor };
    },
    reads.get(subscriptionId),
    from,
    HEALTH_SCAN_LIMIT,
  );
  reads.delete(subscriptionId);
  reads.set(subscriptionId, read);
  if (reads.size > HEALTH_READS_KEPT) reads.delete(reads.keys().next().value!);
  const complete = options?.subscriptionCreatedAt !== undefined && Date.parse(options.subscriptionCreatedAt) >= Date.parse(from);
  return computeHealth(read.samples, now, { truncated: read.more, complete });
}

export type ReplayPlan = { items: ReplayCandidate[]; scanned: number; truncated: boolean; overLimit: boolean };

/**
 * What a replay of this window would resend: every attempt of the window is read (all statuses, so a message a
 * later attempt delivered is left alone), one per message whose newest attempt failed, in the chosen event types.
 */
export async function planReplay(
  subscriptionId: string,
  window: { from: Date | null; to: Date | null },
  eventTypes: readonly string[],
  options?: CallOptions,
): Promise<ReplayPlan> {
  const { logs, truncated } = await collect(
    subscriptionId,
    { createdFrom: window.from?.toISOString(), createdTo: window.to?.toISOString() },
    REPLAY_SCAN_LIMIT,
    options,
  );
  const items = selectReplayItems(logs, eventTypes);
  return { items: items.slice(0, MAX_JOB_ITEMS), scanned: logs.length, truncated, overLimit: items.length > MAX_JOB_ITEMS };
}

/** The list page's summary: the last 24 h only, at most 500 attempts read per subscription. */
export async function loadDayHealth(subscriptionId: string, now: Date, subscriptionCreatedAt?: string): Promise<DeliveryHealth> {
  const from = new Date(now.getTime() - 24 * 3_600_000).toISOString();
  const { logs, truncated } = await collect(subscriptionId, { createdFrom: from }, 500);
  const complete = subscriptionCreatedAt !== undefined && Date.parse(subscriptionCreatedAt) >= Date.parse(from);
  return computeHealth(logs, now, { truncated, complete });
}
