import 'server-only';
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS } from './auth/sessions';
import { registerRetention } from './db/retention';
import { NOTIFICATION_RETENTION_DAYS } from './domain/notifications/kinds';
import type { Env } from './env';

const DAY_MS = 86_400_000;

/**
 * What the console keeps and for how long (README, "Retention"): received webhook events
 * RETENTION_RECEIVED_EVENTS_DAYS (30; 0 keeps them), sessions RETENTION_SESSIONS_DAYS (1) after they ended by
 * the idle or the absolute limit, step-up challenges a day after they expired, inbox items
 * RETENTION_NOTIFICATIONS_DAYS (90), request-limit counters (PostgreSQL only) RETENTION_RATE_LIMITS_HOURS (1) after
 * their window ended. The embedded sandbox sweeps its own execution logs (RETENTION_EXECUTION_LOGS_DAYS).
 */
export function registerConsoleRetention(
  env: Pick<Env, 'RETENTION_RECEIVED_EVENTS_DAYS' | 'RETENTION_SESSIONS_DAYS'> &
    Partial<Pick<Env, 'RETENTION_NOTIFICATIONS_DAYS' | 'RETENTION_RATE_LIMITS_HOURS'>>,
): void {
  const eventsDays = env.RETENTION_RECEIVED_EVENTS_DAYS;
  registerRetention({
    name: 'received events',
    table: 'console.received_events',
    column: 'received_at',
    cutoff: (now) => (eventsDays > 0 ? new Date(now.getTime() - eventsDays * DAY_MS) : null),
  });
  const grace = env.RETENTION_SESSIONS_DAYS * DAY_MS;
  registerRetention({
    name: 'idle sessions',
    table: 'console.sessions',
    column: 'last_seen_at',
    cutoff: (now) => new Date(now.getTime() - IDLE_TIMEOUT_MS - grace),
  });
  registerRetention({
    name: 'expired sessions',
    table: 'console.sessions',
    column: 'created_at',
    cutoff: (now) => new Date(now.getTime() - ABSOLUTE_TIMEOUT_MS - grace),
  });
  // A step-up challenge is useless once expired (the audit keeps the proof of the ones used); a day's grace.
  registerRetention({
    name: 'expired step-up challenges',
    table: 'console.step_up_challenges',
    column: 'expires_at',
    cutoff: (now) => new Date(now.getTime() - DAY_MS),
  });
  const inboxDays = env.RETENTION_NOTIFICATIONS_DAYS ?? NOTIFICATION_RETENTION_DAYS;
  registerRetention({
    name: 'notifications',
    table: 'console.notifications',
    column: 'created_at',
    cutoff: (now) => (inboxDays > 0 ? new Date(now.getTime() - inboxDays * DAY_MS) : null),
  });
  // A counter is useless once its window ended (`expire`, epoch ms); the rows exist on PostgreSQL only (the embedded
  // engine counts in memory). Swept here, in batches, instead of by the library's unbatched hourly DELETE.
  const limitsGrace = (env.RETENTION_RATE_LIMITS_HOURS ?? 1) * 3_600_000;
  registerRetention({
    name: 'rate-limit counters',
    table: 'console.rate_limits',
    column: 'expire',
    epochMs: true,
    cutoff: (now) => new Date(now.getTime() - limitsGrace),
  });
}
