import type { BackgroundTask, Sql } from '../core/types';

/** How long execution logs are kept (sandbox-clock days) unless the host says otherwise. */
export const EXECUTION_LOG_RETENTION_DAYS = 30;

/** The oldest-first batch delete: one index range read, at most `batch` rows per statement. */
export const DELETE_OLD_EXECUTION_LOGS = `DELETE FROM sandbox.webhook_execution_logs WHERE id IN (
  SELECT id FROM sandbox.webhook_execution_logs WHERE created_at < $1 ORDER BY created_at LIMIT $2)`;

/** Deletes execution logs created before `before`, `batch` rows per statement, at most `maxBatches` statements. */
export async function sweepExecutionLogs(sql: Sql, before: Date, batch = 500, maxBatches = 20): Promise<number> {
  let gone = 0;
  for (let i = 0; i < maxBatches; i++) {
    const { affectedRows } = await sql.query(DELETE_OLD_EXECUTION_LOGS, [before, batch]);
    gone += affectedRows ?? 0;
    if ((affectedRows ?? 0) < batch) break;
  }
  return gone;
}

/**
 * Execution logs older than `days` go, a few batches each minute (small statements: on PGlite a request waits at
 * most for one batch). `days` 0 keeps them forever.
 */
export function executionLogRetentionTask(days: number, everyMs = 60_000): BackgroundTask {
  let last = 0;
  return {
    name: 'webhooks.log-retention',
    runOnWake: false,
    async run({ sql, clock }) {
      if (days <= 0 || Date.now() - last < everyMs) return 0;
      last = Date.now();
      const gone = await sweepExecutionLogs(sql, new Date(clock.now().getTime() - days * 86_400_000));
      if (gone > 0) console.info(`[sandbox] retention: removed ${gone} webhook execution logs older than ${days} days`);
      // Deleting old logs never creates work for the other tasks.
      return 0;
    },
  };
}
