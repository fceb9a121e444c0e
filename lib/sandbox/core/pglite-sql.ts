import { randomBytes } from 'node:crypto';
import { protocol, type PGlite } from '@electric-sql/pglite';
import { decode, encodeBind, type Decoded } from './pglite-wire';
import type { Sql } from './types';

type Rows<T> = { rows: T[]; affectedRows?: number };
type Message = Uint8Array;

const wire = protocol.serialize;
const SYNC = wire.sync();
const DESCRIBE_PORTAL = wire.describe({ type: 'P' });
const EXECUTE = wire.execute({});
/** Distinct statement texts kept prepared; beyond that (dynamic filter SQL) statements are parsed each time. */
const MAX_PREPARED = 500;
const WRITES: ReadonlySet<string> = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

function concat(parts: Message[]): Message {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/**
 * Text form of a scalar parameter, the same text PGlite's own serializers produce for it (Date → ISO 8601,
 * boolean → true/false, which every target type accepts), or `undefined` when the value is not a scalar and its
 * text depends on the parameter's type (arrays, objects, bytes): those take the describe round trip.
 */
function scalarText(v: unknown): string | null | undefined {
  if (v === null || v === undefined) return null;
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
    case 'bigint':
    case 'boolean':
      return String(v);
    default:
      return v instanceof Date ? v.toISOString() : undefined;
  }
}

/**
 * The embedded PGlite spoken to in pipelined wire-protocol messages. PGlite's own `query()` makes six calls into the
 * WASM engine per statement (parse, describe statement, bind, describe portal, execute, sync) and parses and plans
 * the text every time; here each distinct text is prepared once as a named statement, and Bind + Describe + Execute
 * + Sync go in ONE call when every parameter is a scalar (the engine infers the parameter types exactly as
 * `query()` does). A statement with a non-scalar parameter (array, object, bytes) has its parameter types described
 * once so PGlite's serializer for each type is used. BEGIN / COMMIT are one call each.
 *
 * Exclusion is PGlite's own: the transaction mutex (held by every root statement and by a transaction for its
 * whole duration, as `pg.query` / `pg.transaction` do, so drizzle on the same instance interleaves safely) and the
 * query mutex around each engine call.
 */
export function fromPgliteFast(pg: PGlite): Sql {
  let ready = false;
  // `new PGlite()` starts asynchronously: the first statement waits for it (as PGlite's own methods do).
  const whenReady = async () => {
    if (ready) return;
    await pg.waitReady;
    ready = true;
  };

  // Named statements: parsed and planned once per text, then only bound and executed (2-3x cheaper per statement).
  // Prepared statements outlive a ROLLBACK, names are never reused, and a name whose creation failed is simply
  // forgotten, so the cache can't point at a statement that does not exist (but see the 26000 case below).
  const prepared = new Map<string, { name: string; oids?: number[] }>();
  let nextName = 0;
  // Several adapters may share one instance (tests, a hot-reloaded module): each names its statements apart.
  const prefix = `sbx_${randomBytes(4).toString('hex')}_`;

  /** One engine call; the first error in the response is thrown (PGlite's wrappers bypassed: see pglite-wire.ts). */
  async function call(message: Message): Promise<Decoded> {
    // The streaming variant: execProtocolRaw would still run PGlite's own message parser over every byte.
    const chunks: Uint8Array[] = [];
    await pg.execProtocolRawStream(message, {
      syncToFs: false,
      onRawData: (bytes) => {
        chunks.push(bytes.slice()); // a view into the engine's memory: copy before the next write reuses it
      },
    });
    const decoded = decode(chunks.length === 1 ? chunks[0] : concat(chunks), pg.parsers);
    if (decoded.error) throw decoded.error;
    return decoded;
  }

  async function run<T>(text: string, params: readonly unknown[] | undefined): Promise<Rows<T>> {
    return pg._runExclusiveQuery(async () => {
      const known = prepared.get(text);
      const stmt = known ?? (prepared.size < MAX_PREPARED ? { name: `${prefix}${++nextName}` } : { name: '' });
      let parsed = !!known;
      const values: (string | null)[] = [];
      for (const p of params ?? []) {
        const t = scalarText(p);
        if (t === undefined) break;
        values.push(t);
      }
      try {
        if (values.length < (params?.length ?? 0)) {
          // A non-scalar parameter: its text depends on its type, so learn the types first.
          if (!stmt.oids) {
            const head = parsed && stmt.name ? [] : [wire.parse({ text, name: stmt.name })];
            const described = await call(concat([...head, wire.describe({ type: 'S', name: stmt.name }), SYNC]));
            stmt.oids = described.paramOids ?? [];
            parsed = true;
          }
          values.length = 0;
          for (const [i, p] of (params ?? []).entries()) {
            const serialize = p === null || p === undefined ? null : pg.serializers[stmt.oids[i]];
            values.push(p === null || p === undefined ? null : serialize ? serialize(p) : String(p));
          }
        }
        const parts = parsed && stmt.name ? [] : [wire.parse({ text, name: stmt.name })];
        parts.push(encodeBind(stmt.name, values), DESCRIBE_PORTAL, EXECUTE, SYNC);
        const { results } = await call(concat(parts));
        if (!known && stmt.name) prepared.set(text, stmt);
        const r = results[0];
        return { rows: (r?.rows ?? []) as T[], affectedRows: r && WRITES.has(r.command ?? '') ? (r.rowCount ?? 0) : 0 };
      } catch (err) {
        // 26000: the statement is gone (someone ran DEALLOCATE/DISCARD); 0A000: its tables changed shape. Re-prepare next time.
        const code = (err as { code?: string }).code;
        if (known && (code === '26000' || code === '0A000')) prepared.delete(text);
        throw err;
      }
    });
  }

  async function simple(text: string): Promise<string | undefined> {
    return pg._runExclusiveQuery(async () => {
      const { results } = await call(wire.query(text));
      return results[results.length - 1]?.command;
    });
  }

  const tx: Sql = {
    query: (text, params) => run(text, params),
    async exec(text) {
      await simple(text);
    },
    // A nested transaction() joins the open one: PGlite has a single connection, so a second BEGIN would wait forever.
    transaction: (fn) => fn(tx),
  };

  return {
    query: async (text, params) => {
      await whenReady();
      return pg._runExclusiveTransaction(async () => {
        const r = await run(text, params);
        await pg.syncToFs();
        return r as never;
      });
    },
    async exec(text) {
      await pg.exec(text);
    },
    async transaction<U>(fn: (t: Sql) => Promise<U>): Promise<U> {
      await whenReady();
      return pg._runExclusiveTransaction(async () => {
        await simple('BEGIN');
        let result: U;
        try {
          result = await fn(tx);
        } catch (err) {
          await simple('ROLLBACK');
          throw err;
        }
        // A statement error swallowed by `fn` leaves the transaction aborted: COMMIT then answers ROLLBACK.
        const command = await simple('COMMIT');
        if (command === 'ROLLBACK') throw new Error('Transaction was aborted by an earlier error and rolled back');
        await pg.syncToFs();
        return result;
      });
    },
  };
}
