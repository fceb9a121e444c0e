import type { Sql } from './types';

/**
 * A single-writer read cache. Every write through the sandbox's `Sql` (a non-SELECT statement, any transaction,
 * a clock move) bumps `DataVersion`; a cached GET response is served only while the version it was computed at is
 * still current, so a reader never sees data older than the last committed write. Only valid when this process
 * is the only writer of the `sandbox` schema (embedded PGlite); never enable it on a shared PostgreSQL.
 */
export class DataVersion {
  value = 0;
  bump(): void {
    this.value++;
  }
}

const PURE_READ = /^\s*select\b/i;
const LOCKING = /\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b|\bnextval\s*\(|\bsetval\s*\(|\bpg_advisory/i;

function isPureRead(text: string): boolean {
  return PURE_READ.test(text) && !LOCKING.test(text);
}

/** Wraps `sql` so every write bumps `version` once it completed (committed, for transactions). */
export function versionedSql(sql: Sql, version: DataVersion): Sql {
  const wrap = (inner: Sql, inTx: boolean): Sql => ({
    async query(text, params) {
      try {
        return await inner.query(text, params);
      } finally {
        if (!inTx && !isPureRead(text)) version.bump();
      }
    },
    async exec(text) {
      try {
        await inner.exec(text);
      } finally {
        if (!inTx) version.bump();
      }
    },
    async transaction(fn) {
      if (inTx) return inner.transaction((tx) => fn(wrap(tx, true)));
      try {
        return await inner.transaction((tx) => fn(wrap(tx, true)));
      } finally {
        version.bump();
      }
    },
  });
  return wrap(sql, false);
}

interface Entry {
  version: number;
  status: number;
  body: string;
  headers: Record<string, string>;
}

/** Bounded (LRU by insertion refresh) map of GET responses, keyed by customer + path + query. */
export class ReadCache {
  private readonly map = new Map<string, Entry>();

  constructor(
    private readonly version: DataVersion,
    private readonly max = 5000,
  ) {}

  get(key: string): Entry | null {
    const e = this.map.get(key);
    if (!e) return null;
    if (e.version !== this.version.value) {
      this.map.delete(key);
      return null;
    }
    return e;
  }

  /** Stores a response computed at `version` (captured BEFORE the handler ran). */
  set(key: string, version: number, entry: Omit<Entry, 'version'>): void {
    if (version !== this.version.value) return;
    this.map.delete(key);
    this.map.set(key, { ...entry, version });
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
  }
}
