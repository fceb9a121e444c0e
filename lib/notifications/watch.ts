import 'server-only';
import { listAccounts } from '@/lib/api/accounts';
import { getBalances } from '@/lib/api/balances';
import type { ApiClient } from '@/lib/api/client';
import { buildFilters } from '@/lib/api/filters';
import { listOperations } from '@/lib/api/operations';
import { listSubscriptions } from '@/lib/api/subscriptions';
import { listExecutionLogsFiltered } from '@/lib/api/webhooks';
import { now } from '@/lib/clock';
import { getDb, type ConsoleDb } from '@/lib/db/client';
import { runJobStep } from '@/lib/observability/jobs';
import { ownerName } from '@/lib/domain/accounts/owner';
import { balanceState, webhookFailing } from '@/lib/domain/notifications/watch-rules';
import { thresholdMinutes, type StuckThresholds } from '@/lib/config/operations-stuck';
import { isStuck } from '@/lib/domain/operations/stuck';
import { getEnv } from '@/lib/env';
import { notify } from './notify';
import { listThresholds, markBalance } from './store';

export interface WatchDeps {
  client?: ApiClient;
  db?: ConsoleDb;
  stuck?: StuckThresholds;
}

/** Not finished: what can be stuck. */
const OPEN_STATUSES = ['REQUESTED', 'PROCESSING', 'ON_HOLD', 'ACTION_REQUIRED'] as const;
/** Per pass and source, so one pass stays a handful of service calls however much history there is. */
const PAGE = 100;
const SUBSCRIPTIONS_PER_PASS = 20;
const LOGS_PER_SUBSCRIPTION = 20;

/** Balances under an admin's threshold: one alert per fall (lib/notifications/store.ts, markBalance). */
export async function checkLowBalances(deps: WatchDeps = {}): Promise<number> {
  const db = deps.db ?? (await getDb());
  const rows = await listThresholds(db);
  const byAccount = new Map<string, typeof rows>();
  for (const r of rows) byAccount.set(r.accountId, [...(byAccount.get(r.accountId) ?? []), r]);
  let alerts = 0;
  for (const [accountId, thresholds] of byAccount) {
    let entries;
    try {
      const { data } = await getBalances(accountId, { client: deps.client });
      entries = [...data.fiat, ...data.crypto];
    } catch {
      continue; // the service is unreachable or the account is gone: decide nothing this pass
    }
    for (const t of thresholds) {
      const entry = entries.find((e) => e.amount?.asset === t.asset);
      const state = balanceState(entry?.amount && entry.synced ? entry.amount.value : null, t.threshold);
      if (state === 'unknown') continue;
      const since = await markBalance(db, accountId, t.asset, state, now());
      if (!since) continue;
      alerts++;
      await notify(
        {
          kind: 'balance.low',
          subjectId: `${accountId}:${t.asset}`,
          linkId: accountId,
          occurrence: since.toISOString(),
          params: { asset: t.asset, amount: entry!.amount!.value, threshold: t.threshold },
        },
        { db },
      );
    }
  }
  return alerts;
}

/** Operations past their type's limit (OPERATIONS_STUCK_MINUTES): one item per operation. */
export async function checkStuckOperations(deps: WatchDeps = {}): Promise<number> {
  const thresholds = deps.stuck ?? getEnv().OPERATIONS_STUCK_MINUTES;
  const at = now();
  let found = 0;
  for (const status of OPEN_STATUSES) {
    const page = await listOperations({ status, limit: PAGE, sortOrder: 'ASCENDING' }, { client: deps.client });
    for (const op of page.data) {
      if (!isStuck(op, at, thresholds)) continue;
      found++;
      await notify(
        {
          kind: 'operation.stuck',
          subjectId: op.id,
          params: { type: op.intent.type, status: op.currentState.status, minutes: String(thresholdMinutes(op.intent.type, thresholds)) },
        },
        { db: deps.db },
      );
    }
  }
  return found;
}

/** Accounts whose onboarding waits on the customer (ACTION_REQUIRED): one item per time the account entered it. */
export async function checkAccountsNeedingAction(deps: WatchDeps = {}): Promise<number> {
  const page = await listAccounts(
    { limit: PAGE, sortOrder: 'DESCENDING', filters: buildFilters([{ field: 'status', op: 'eq', value: 'ACTION_REQUIRED' }]) },
    { client: deps.client },
  );
  for (const account of page.data) {
    await notify(
      {
        kind: 'account.action-needed',
        subjectId: account.id,
        occurrence: account.currentState.createdAt,
        params: { account: ownerName(account.owner), due: String(account.requirements.currentlyDue.length) },
      },
      { db: deps.db },
    );
  }
  return page.data.length;
}

/**
 * Webhook endpoints that keep failing, read from the service's execution logs: they are the only record of a
 * delivery that did NOT arrive (the console's received events hold successes only, and only for its own
 * endpoint, while a subscription may point anywhere).
 */
export async function checkFailingWebhooks(deps: WatchDeps = {}): Promise<number> {
  const subs = await listSubscriptions({ limit: SUBSCRIPTIONS_PER_PASS }, { client: deps.client });
  const at = now();
  let failing = 0;
  for (const sub of subs.data) {
    let logs;
    try {
      logs = await listExecutionLogsFiltered(sub.id, { limit: LOGS_PER_SUBSCRIPTION, sortOrder: 'DESCENDING' }, {}, { client: deps.client });
    } catch {
      continue;
    }
    const verdict = webhookFailing(logs.data, at);
    if (!verdict.failing) continue;
    failing++;
    await notify(
      {
        kind: 'webhook.failing',
        subjectId: sub.id,
        occurrence: verdict.since,
        params: { url: sub.url, failed: String(verdict.failed), attempts: String(verdict.attempts), reason: verdict.reason },
      },
      { db: deps.db },
    );
  }
  return failing;
}

/** One pass: each check on its own (one failing source does not stop the others). */
export async function runNotificationWatch(deps: WatchDeps = {}): Promise<Record<string, number | 'error'>> {
  const out: Record<string, number | 'error'> = {};
  const checks = { lowBalances: checkLowBalances, stuck: checkStuckOperations, accounts: checkAccountsNeedingAction, webhooks: checkFailingWebhooks };
  for (const [name, check] of Object.entries(checks)) {
    try {
      out[name] = await check(deps);
    } catch (error) {
      out[name] = 'error';
      console.error(`[notifications] ${name} check failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return out;
}

type WatchState = { timer?: ReturnType<typeof setTimeout>; running: boolean; failures: number; wake?: () => void };
const globalForWatch = globalThis as unknown as { __notificationWatch?: WatchState };

export const WATCH_INTERVAL_MS = 60_000;
export const WATCH_MAX_BACKOFF_MS = 10 * 60_000;

/**
 * Once per process (instrumentation), off the request path: a pass every `intervalMs`; while the service fails,
 * the pause doubles up to WATCH_MAX_BACKOFF_MS. Every instance may run it: each alert is a guarded insert.
 */
export function startNotificationWatch(intervalMs = WATCH_INTERVAL_MS): void {
  if (globalForWatch.__notificationWatch) return;
  const state: WatchState = { running: false, failures: 0 };
  globalForWatch.__notificationWatch = state;
  const schedule = (ms: number) => {
    if (state.timer) clearTimeout(state.timer);
    state.timer = setTimeout(pass, ms);
    state.timer.unref?.();
  };
  const pass = () => {
    if (state.running) return;
    state.running = true;
    runJobStep('notifications.watch', {}, () => runNotificationWatch())
      .then((r) => {
        state.failures = Object.values(r).every((v) => v === 'error') ? state.failures + 1 : 0;
      })
      .catch(() => {
        state.failures++;
      })
      .finally(() => {
        state.running = false;
        schedule(Math.min(WATCH_MAX_BACKOFF_MS, intervalMs * 2 ** state.failures));
      });
  };
  state.wake = () => {
    if (!state.running) schedule(0);
  };
  schedule(intervalMs);
}

/** A threshold changed: check balances now rather than at the next pass. */
export function wakeNotificationWatch(): void {
  globalForWatch.__notificationWatch?.wake?.();
}
