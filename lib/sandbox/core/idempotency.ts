import { createHash } from 'node:crypto';
import { ServiceError } from './errors';
import { isUuid } from './validate';
import type { BackgroundTask, RouteResult, Sql } from './types';

export const IDEMPOTENCY_HEADER = 'X-Idempotency-Key';
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
/** Scope of keys sent to public (unauthenticated) helper routes. */
export const PUBLIC_SCOPE = '00000000-0000-0000-0000-000000000000';

export function missingKey(): ServiceError {
  return new ServiceError(400, 'MISSING_REQUIRED_HEADER', `Header '${IDEMPOTENCY_HEADER}' is required`, {
    header: IDEMPOTENCY_HEADER,
  });
}

/** Reads and validates the header (a uuid, as the contract states). */
export function readKey(headers: Headers): string {
  const key = headers.get(IDEMPOTENCY_HEADER)?.trim();
  if (!key) throw missingKey();
  if (!isUuid(key)) {
    throw new ServiceError(400, 'INVALID_DATA', 'Object contains invalid data', {
      errors: [
        {
          code: 'INVALID_UUID',
          message: `Header '${IDEMPOTENCY_HEADER}' must be a UUID`,
          field: `header:${IDEMPOTENCY_HEADER}`,
          params: {},
        },
      ],
    });
  }
  return key.toLowerCase();
}

/**
 * JSON with sorted keys, so `{a,b}` and `{b,a}` (or different whitespace) are the same request. Iterative (an
 * explicit work stack of values and literal pieces), so its depth is bounded by memory, not the call stack; bodies
 * deeper than MAX_JSON_DEPTH never reach it anyway (refused at parse time).
 */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return '';
  const out: string[] = [];
  // Work items: a value to serialise, or a literal piece (wrapped) to emit as is.
  const stack: Array<{ v: unknown } | { lit: string }> = [{ v: value }];
  while (stack.length) {
    const item = stack.pop()!;
    if ('lit' in item) {
      out.push(item.lit);
      continue;
    }
    const v = item.v;
    if (v === null || typeof v !== 'object') {
      out.push(JSON.stringify(v) ?? 'null');
      continue;
    }
    const pieces: Array<{ v: unknown } | { lit: string }> = [];
    if (Array.isArray(v)) {
      pieces.push({ lit: '[' });
      v.forEach((el, i) => {
        if (i > 0) pieces.push({ lit: ',' });
        pieces.push({ v: el === undefined ? null : el });
      });
      pieces.push({ lit: ']' });
    } else {
      const obj = v as Record<string, unknown>;
      const keys = Object.keys(obj)
        .filter((k) => obj[k] !== undefined)
        .sort();
      pieces.push({ lit: '{' });
      keys.forEach((k, i) => {
        pieces.push({ lit: `${i > 0 ? ',' : ''}${JSON.stringify(k)}:` });
        pieces.push({ v: obj[k] });
      });
      pieces.push({ lit: '}' });
    }
    for (let i = pieces.length - 1; i >= 0; i--) stack.push(pieces[i]);
  }
  return out.join('');
}

export async function fingerprint(body: unknown, form: FormData | undefined): Promise<string> {
  const h = createHash('sha256');
  if (form) {
    // Multipart boundaries change between retries: hash the parts, not the raw bytes.
    for (const [name, value] of form.entries()) {
      h.update(`${name}\u0000`);
      if (typeof value === 'string') h.update(value);
      // Streamed, not arrayBuffer(): a 10 MB document is not copied once more just to be hashed.
      else for await (const chunk of value.stream() as unknown as AsyncIterable<Uint8Array>) h.update(chunk);
      h.update('\u0001');
    }
  } else {
    h.update(canonicalJson(body));
  }
  return h.digest('hex');
}

interface KeyRow {
  method_path: string;
  body_hash: string;
  status: number | null;
  response_body: string | null;
  response_headers: string | null;
}

export interface IdempotentOutcome {
  result: RouteResult;
  replayed: boolean;
  /** `result.body` as JSON, exactly as stored (serialised once, for the record and the response). */
  bodyText?: string;
}

/**
 * Runs `execute` exactly once per (scope, key): the key row is inserted first, in the same transaction as the
 * handler's writes and the recorded response. A concurrent request with the same key blocks on the row (pg)
 * or on the single connection (PGlite) until the first commits, then replays it. A handler that throws rolls
 * everything back, the key included, so errors are NOT stored: a corrected retry may reuse the key.
 */
export async function runIdempotent(
  sql: Sql,
  input: { scope: string; key: string; methodPath: string; bodyHash: string; now: Date },
  execute: (tx: Sql) => Promise<RouteResult>,
): Promise<IdempotentOutcome> {
  const expiredBefore = new Date(input.now.getTime() - IDEMPOTENCY_RETENTION_MS);
  for (let attempt = 0; ; attempt++) {
    try {
      return await sql.transaction(async (tx) => {
        const ins = await tx.query(
          `INSERT INTO sandbox.idempotency_keys (scope, key, method_path, body_hash, created_at)
           VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (scope, key) DO UPDATE
             SET method_path = EXCLUDED.method_path, body_hash = EXCLUDED.body_hash, status = NULL,
                 response_body = NULL, response_headers = NULL, created_at = EXCLUDED.created_at
             WHERE sandbox.idempotency_keys.created_at < $6
           RETURNING key`,
          [input.scope, input.key, input.methodPath, input.bodyHash, input.now, expiredBefore],
        );
        if (ins.rows.length === 0) {
          const { rows } = await tx.query<KeyRow>(
            'SELECT method_path, body_hash, status, response_body, response_headers FROM sandbox.idempotency_keys WHERE scope = $1 AND key = $2',
            [input.scope, input.key],
          );
          const row = rows[0];
          if (!row || row.status === null) throw new RetryKey();
          if (row.method_path !== input.methodPath || row.body_hash !== input.bodyHash) {
            throw new ServiceError(409, 'IDEMPOTENCY_CONFLICT', 'Idempotency key already used with a different request', {
              idempotencyKey: input.key,
            });
          }
          const headers = row.response_headers ? (JSON.parse(row.response_headers) as Record<string, string>) : {};
          return {
            replayed: true,
            bodyText: row.response_body ?? undefined,
            result: {
              status: row.status,
              body: row.response_body === null ? undefined : (JSON.parse(row.response_body) as unknown),
              headers: { ...headers, 'Idempotent-Replayed': 'true' },
            },
          };
        }
        const result = await execute(tx);
        const bodyText = result.body === undefined ? undefined : JSON.stringify(result.body);
        await tx.query(
          `UPDATE sandbox.idempotency_keys SET status = $3, response_body = $4, response_headers = $5 WHERE scope = $1 AND key = $2`,
          [input.scope, input.key, result.status, bodyText ?? null, JSON.stringify(result.headers ?? {})],
        );
        return { result, replayed: false, bodyText };
      });
    } catch (err) {
      // 23505: two first requests raced on pg; 40001/40P01: serialization/deadlock. Go again: now it replays.
      const code = (err as { code?: string }).code;
      const retryable = err instanceof RetryKey || code === '23505' || code === '40001' || code === '40P01';
      if (!retryable || attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 5 + attempt * 5));
    }
  }
}

class RetryKey extends Error {}

/** Keys past retention (index idempotency_keys_created_at). */
export const PURGE_IDEMPOTENCY_KEYS = 'DELETE FROM sandbox.idempotency_keys WHERE created_at < $1';

/** Purges keys older than the retention window (by the sandbox clock), at most once a minute of real time. */
export function createPurgeTask(everyMs = 60_000): BackgroundTask {
  let last = 0;
  return {
    name: 'idempotency-purge',
    runOnWake: false,
    async run({ sql, clock }) {
      if (Date.now() - last < everyMs) return 0;
      last = Date.now();
      const before = new Date(clock.now().getTime() - IDEMPOTENCY_RETENTION_MS);
      await sql.query(PURGE_IDEMPOTENCY_KEYS, [before]);
      // Purging never creates work for other tasks: report nothing moved.
      return 0;
    },
  };
}
