import { accountsDueProbe } from './accounts/review';
import { DUE_INSTRUCTION_REVIEWS } from './beneficiaries/service';
import { PURGE_IDEMPOTENCY_KEYS } from './core/idempotency';
import { DUE_OPERATIONS, NEXT_SETTLEMENT_AT } from './operations/settlement';
import { CLAIM_DUE_DELIVERIES, NEXT_DELIVERY_AT, PENDING_WEBHOOK_WORK } from './webhooks/delivery';
import { FAN_OUT_EVENTS } from './webhooks/fan-out';
import { DELETE_OLD_EXECUTION_LOGS } from './webhooks/retention';

/** What a hot query's parameters are made of (ids of the seeded customer). */
export interface HotQueryContext {
  now: Date;
  customerId: string;
  subscriptionId: string;
  accountId: string;
}

/**
 * A statement that runs on every background tick or every page view, however much history there is: it must be
 * an index read. `lib/db/hot-queries.test.ts` seeds 20,000+ rows per table and checks each one's plan on PGlite and
 * PostgreSQL; a background task with no entry here (by `serves`) fails that test too.
 */
export interface HotQuery {
  name: string;
  /** The background task (its `name`) or the endpoint it serves. */
  serves: string;
  sql: string;
  params(ctx: HotQueryContext): unknown[];
}

/** A list endpoint: every statement its handler runs is checked (filters and cursors included in the path). */
export interface HotRequest {
  name: string;
  path(ctx: HotQueryContext): string;
}

export const SANDBOX_HOT_QUERIES: HotQuery[] = [
  { name: 'webhook idle probe (fan-out pending, delivery due)', serves: 'webhooks.deliver', sql: PENDING_WEBHOOK_WORK, params: (c) => [c.now, c.now] },
  { name: 'webhook fan-out', serves: 'webhooks.deliver', sql: FAN_OUT_EVENTS, params: (c) => [200, c.now] },
  {
    name: 'webhook claim of due deliveries',
    serves: 'webhooks.deliver',
    sql: CLAIM_DUE_DELIVERIES,
    params: (c) => [new Date(c.now.getTime() + 60_000), '00000000-0000-4000-8000-000000000000', c.now, c.now, 25, 'interrupted'],
  },
  { name: 'webhook next retry (idle sleep)', serves: 'webhooks.deliver', sql: NEXT_DELIVERY_AT, params: () => [] },
  { name: 'settlement due', serves: 'operations.settle', sql: DUE_OPERATIONS, params: (c) => [c.now, 50] },
  { name: 'settlement next due (idle sleep)', serves: 'operations.settle', sql: NEXT_SETTLEMENT_AT, params: () => [] },
  { name: 'account reviews due', serves: 'account-reviews', sql: accountsDueProbe('review_due_at'), params: (c) => [c.now, 'REVIEWING'] },
  { name: 'account activations due', serves: 'account-activations', sql: accountsDueProbe('activation_due_at'), params: (c) => [c.now, 'OPENING'] },
  { name: 'payment-instruction reviews due', serves: 'beneficiaries.review', sql: DUE_INSTRUCTION_REVIEWS, params: (c) => [c.now, 50] },
  {
    name: 'idempotency-key purge',
    serves: 'idempotency-purge',
    sql: PURGE_IDEMPOTENCY_KEYS,
    params: (c) => [new Date(c.now.getTime() - 24 * 3_600_000)],
  },
  {
    name: 'execution-log retention sweep',
    serves: 'webhooks.log-retention',
    sql: DELETE_OLD_EXECUTION_LOGS,
    params: (c) => [new Date(c.now.getTime() - 30 * 86_400_000), 500],
  },
];

/** Tasks whose statements touch no table that grows with history (so they need no entry above). */
export const SANDBOX_TASKS_WITHOUT_HOT_QUERIES: Record<string, string> = {
  'clock-sync': 'reads one row of sandbox.settings by key',
  'db-maintenance': 'ANALYZE / VACUUM of one table by name, and pg_class by oid',
};

export const SANDBOX_HOT_REQUESTS: HotRequest[] = [
  { name: 'operations list, first page', path: () => '/api/operations?limit=10' },
  { name: 'operations list of one account', path: (c) => `/api/operations?limit=10&accountId=${c.accountId}` },
  { name: 'operations list, oldest first', path: () => '/api/operations?limit=10&sortOrder=ASCENDING' },
  { name: 'execution logs, first page', path: (c) => `/api/subscriptions/${c.subscriptionId}/executionLogs?limit=10` },
  { name: 'execution logs, failed only', path: (c) => `/api/subscriptions/${c.subscriptionId}/executionLogs?limit=10&status=FAILED` },
];
