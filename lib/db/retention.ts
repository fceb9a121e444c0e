import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { runJobStep } from '@/lib/observability/jobs';
import { consoleMaintenance, type ConsoleDb } from './client';

/**
 * One kind of row the console keeps for a limited time: rows of `table` whose `column` is older than the cutoff
 * go. Any table can be added (a feature's own rows, e.g. rate-limit counters) with `registerRetention`.
 */
export interface RetentionRule {
  /** For logs: what is removed ("received events"). */
  name: string;
  /** Schema-qualified, e.g. `console.received_events`. */
  table: string;
  /** A timestamp column with an index (the batch is an index range read, oldest first). */
  column: string;
  /** The column holds epoch milliseconds (a bigint, e.g. rate-limiter-flexible's `expire`), not a timestamptz. */
  epochMs?: boolean;
  /** The cutoff for `now`; null keeps everything (retention switched off). */
  cutoff(now: Date): Date | null;
}

const IDENT = /^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?$/;

/**
 * The batch delete of a rule: the oldest `limit` rows past the cutoff, found on the column's index and deleted by
 * row address. One short statement: on PGlite a request waits for at most one batch.
 */
export function retentionBatch(rule: Pick<RetentionRule, 'table' | 'column' | 'epochMs'>, before: Date, limit: number): SQL {
  if (!IDENT.test(rule.table) || !IDENT.test(rule.column)) throw new Error(`retention: bad identifier in ${rule.table}.${rule.column}`);
  const table = sql.raw(rule.table);
  const column = sql.raw(rule.column);
  const cutoff = rule.epochMs ? sql`${before.getTime()}::bigint` : sql`${before.toISOString()}::timestamptz`;
  return sql`DELETE FROM ${table} WHERE ctid = ANY (ARRAY(SELECT ctid FROM ${table} WHERE ${column} < ${cutoff} ORDER BY ${column} LIMIT ${limit}))`;
}

/** Deletes what `rule` no longer keeps, `batch` rows per statement, at most `maxBatches` statements; returns the count. */
export async function sweepRetention(db: ConsoleDb, rule: RetentionRule, now: Date, batch = 500, maxBatches = 20): Promise<number> {
  const before = rule.cutoff(now);
  if (!before) return 0;
  let gone = 0;
  for (let i = 0; i < maxBatches; i++) {
    // node-postgres answers rowCount, PGlite affectedRows.
    const result = (await db.execute(retentionBatch(rule, before, batch))) as unknown as { rowCount?: number | null; affectedRows?: number };
    const n = Number(result.rowCount ?? result.affectedRows ?? 0);
    gone += n;
    if (n < batch) break;
  }
  if (gone > 0) consoleMaintenance()?.noteTable(rule.table.split('.').pop()!, gone);
  return gone;
}

const globalForRetention = globalThis as unknown as { __retentionRules?: RetentionRule[]; __retentionTimer?: NodeJS.Timeout };

/** Adds a rule to the periodic sweep (idempotent by name). */
export function registerRetention(rule: RetentionRule): void {
  const rules = (globalForRetention.__retentionRules ??= []);
  const i = rules.findIndex((r) => r.name === rule.name);
  if (i >= 0) rules[i] = rule;
  else rules.push(rule);
}

export function retentionRules(): readonly RetentionRule[] {
  return globalForRetention.__retentionRules ?? [];
}

/** One pass over every rule (each timed and logged when it removed something). */
export async function runRetention(db: ConsoleDb, now: Date): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const rule of retentionRules()) {
    const started = performance.now();
    try {
      out[rule.name] = await sweepRetention(db, rule, now);
      if (out[rule.name] > 0) {
        console.info(`[db] retention: removed ${out[rule.name]} ${rule.name} in ${Math.round(performance.now() - started)} ms`);
      }
    } catch (error) {
      console.error(`[db] retention of ${rule.name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return out;
}

/** Once per process: a pass now and every `everyMs` (default 10 minutes), off the request path. */
export function startRetention(getDb: () => Promise<ConsoleDb>, now: () => Date, everyMs = 10 * 60_000): void {
  if (globalForRetention.__retentionTimer) return;
  let running = false;
  const pass = () => {
    if (running) return;
    running = true;
    runJobStep('retention.sweep', {}, async () => runRetention(await getDb(), now()))
      .catch((error: unknown) => console.error(`[db] retention failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        running = false;
      });
  };
  globalForRetention.__retentionTimer = setInterval(pass, everyMs);
  globalForRetention.__retentionTimer.unref?.();
  pass();
}
