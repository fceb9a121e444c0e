/**
 * Planner statistics and dead-row cleanup for an embedded PGlite, which has no autovacuum and (in its
 * single-user engine) no cumulative statistics either: `pg_stat_user_tables` stays at zero, so the changes are
 * counted here, from each write's affected-row count. Without this the planner never learns a table's size and
 * ignores the partial indexes the background probes rely on (an idle tick scanned every delivered webhook).
 *
 * On PostgreSQL none of this runs: autovacuum does the same job from the server's own statistics.
 *
 * Shared by the sandbox's database and the console's (both embedded PGlite); it imports nothing, so the sandbox
 * fence allows it (eslint.config.mjs).
 */
/** What maintenance needs of a connection: PGlite's own `query`/`exec` and the sandbox's `Sql` both fit it. */
export interface MaintenanceSql {
  query<T>(text: string, params?: readonly unknown[]): Promise<{ rows: T[] }>;
  exec(text: string): Promise<unknown>;
}

export interface MaintenanceOptions {
  /** The schema whose tables are maintained (e.g. `sandbox`, `console`). */
  schema: string;
  /** ANALYZE a table after this many changed rows, plus `analyzeScale` × its rows at the last ANALYZE. */
  analyzeBase?: number;
  analyzeScale?: number;
  /** VACUUM (which also analyzes) every table changed since its last VACUUM, this often. */
  vacuumEveryMs?: number;
  /** How often the change counts are looked at (cheap: no query unless a threshold is crossed). */
  checkEveryMs?: number;
  log?: (line: string) => void;
  /** Wall time (tests). */
  now?: () => number;
}

export const MAINTENANCE_DEFAULTS = {
  analyzeBase: 500,
  analyzeScale: 0.1,
  vacuumEveryMs: 10 * 60_000,
  checkEveryMs: 5_000,
} as const;

/** Rows sampled by ANALYZE: 300 × this (6,000). */
export const STATISTICS_TARGET = 20;

const WRITE_TARGET = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+("?[a-z_][a-z0-9_]*"?)\."?([a-z_][a-z0-9_]*)"?/gi;

interface TableState {
  /** Rows changed since the last ANALYZE (or VACUUM, which analyzes too). */
  sinceAnalyze: number;
  /** Rows changed since the last VACUUM. */
  sinceVacuum: number;
  /** Rows the table had at its last ANALYZE (pg_class.reltuples); -1 until known. */
  rows: number;
}

/** What a maintenance pass did, for logs and tests. */
export interface MaintenanceRun {
  action: 'ANALYZE' | 'VACUUM ANALYZE';
  table: string;
  changes: number;
  ms: number;
}

export class Maintenance {
  readonly schema: string;
  private readonly tables = new Map<string, TableState>();
  /** Statement text → the schema's tables it writes (statements are few distinct strings: parse each once). */
  private readonly targets = new Map<string, string[]>();
  private readonly opts: Required<Omit<MaintenanceOptions, 'schema'>>;
  private lastCheck = 0;
  private lastVacuum: number;
  private busy = false;

  constructor(options: MaintenanceOptions) {
    this.schema = options.schema;
    this.opts = {
      analyzeBase: options.analyzeBase ?? MAINTENANCE_DEFAULTS.analyzeBase,
      analyzeScale: options.analyzeScale ?? MAINTENANCE_DEFAULTS.analyzeScale,
      vacuumEveryMs: options.vacuumEveryMs ?? MAINTENANCE_DEFAULTS.vacuumEveryMs,
      checkEveryMs: options.checkEveryMs ?? MAINTENANCE_DEFAULTS.checkEveryMs,
      log: options.log ?? ((line) => console.info(line)),
      now: options.now ?? Date.now,
    };
    this.lastVacuum = this.opts.now();
  }

  /** Counts a write: `rows` changed rows in each table of this schema the statement writes. */
  note(text: string, rows: number | undefined): void {
    if (!rows) return;
    let tables = this.targets.get(text);
    if (!tables) {
      tables = [];
      for (const m of text.matchAll(WRITE_TARGET)) {
        if (m[1].replaceAll('"', '').toLowerCase() === this.schema) tables.push(m[2].toLowerCase());
      }
      if (this.targets.size < 5_000) this.targets.set(text, tables);
    }
    for (const t of tables) this.noteTable(t, rows);
  }

  /** Counts changes a caller knows about directly (a batch delete through another client, a drizzle statement). */
  noteTable(table: string, rows: number): void {
    const s = this.state(table);
    s.sinceAnalyze += rows;
    s.sinceVacuum += rows;
  }

  /** The tables whose changes crossed the ANALYZE threshold. */
  due(): string[] {
    const out: string[] = [];
    for (const [name, s] of this.tables) {
      if (s.sinceAnalyze >= this.opts.analyzeBase + this.opts.analyzeScale * Math.max(0, s.rows)) out.push(name);
    }
    return out;
  }

  /** Start-up: every table of the schema analyzed once, so plans are right from the first tick. */
  async analyzeAll(sql: MaintenanceSql): Promise<MaintenanceRun[]> {
    const { rows } = await sql.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
      [this.schema],
    );
    const started = this.opts.now();
    const runs: MaintenanceRun[] = [];
    for (const { name } of rows) runs.push(await this.run(sql, 'ANALYZE', name, false));
    const total = runs.reduce((n, r) => n + r.ms, 0);
    this.opts.log(`[db] maintenance: ANALYZE of ${runs.length} ${this.schema} tables at start-up in ${Math.round(this.opts.now() - started)} ms (engine ${total} ms)`);
    return runs;
  }

  /**
   * One pass, called often from a background loop: ANALYZE the tables past their threshold; every
   * `vacuumEveryMs`, VACUUM ANALYZE the tables changed since the last VACUUM. Never on a request path, one table
   * at a time (PGlite has one connection: a request waits at most for one table's pass).
   */
  async tick(sql: MaintenanceSql): Promise<MaintenanceRun[]> {
    const now = this.opts.now();
    if (this.busy || now - this.lastCheck < this.opts.checkEveryMs) return [];
    this.lastCheck = now;
    this.busy = true;
    try {
      const runs: MaintenanceRun[] = [];
      if (now - this.lastVacuum >= this.opts.vacuumEveryMs) {
        this.lastVacuum = now;
        for (const [name, s] of this.tables) if (s.sinceVacuum > 0) runs.push(await this.run(sql, 'VACUUM ANALYZE', name));
      }
      for (const name of this.due()) runs.push(await this.run(sql, 'ANALYZE', name));
      return runs;
    } finally {
      this.busy = false;
    }
  }

  private state(table: string): TableState {
    let s = this.tables.get(table);
    if (!s) {
      s = { sinceAnalyze: 0, sinceVacuum: 0, rows: -1 };
      this.tables.set(table, s);
    }
    return s;
  }

  private async run(sql: MaintenanceSql, action: MaintenanceRun['action'], table: string, log = true): Promise<MaintenanceRun> {
    const s = this.state(table);
    const changes = action === 'ANALYZE' ? s.sinceAnalyze : s.sinceVacuum;
    const qualified = `${quoteIdent(this.schema)}.${quoteIdent(table)}`;
    const started = this.opts.now();
    // Counted from here: writes that land while the command runs are in its sample or counted for the next one.
    s.sinceAnalyze = 0;
    if (action !== 'ANALYZE') s.sinceVacuum = 0;
    // A smaller sample than PostgreSQL's default (300 × 100 rows): the planner needs row counts and the spread of a
    // few status columns, and PGlite runs the command on its only connection (at 100,000 operations a default
    // ANALYZE of the operations held every request for seconds).
    // Three commands (VACUUM refuses to run in the implicit transaction of a multi-statement string); the setting
    // changes nothing but ANALYZE's sample, so a statement landing between them is unaffected.
    await sql.exec(`SET default_statistics_target = ${STATISTICS_TARGET}`);
    try {
      await sql.exec(`${action} ${qualified}`);
    } finally {
      await sql.exec('RESET default_statistics_target');
    }
    const { rows } = await sql.query<{ rows: number }>(`SELECT reltuples::float8 AS rows FROM pg_class WHERE oid = $1::regclass`, [qualified]);
    s.rows = Number(rows[0]?.rows ?? 0);
    const ms = Math.round(this.opts.now() - started);
    if (log) this.opts.log(`[db] maintenance: ${action} ${qualified} after ${changes} changed rows (${Math.max(0, s.rows)} rows) in ${ms} ms`);
    return { action, table, changes, ms };
  }
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
