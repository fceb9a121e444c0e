/**
 * A span per statement whatever the engine: PGlite always, node-postgres when TEST_DATABASE_URL is set (a
 * transaction there runs on a client checked out of the pool, which must be wrapped too).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { PGlite } from '@electric-sql/pglite';
import { ROOT_CONTEXT, context, trace, type Context, type ContextManager } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { traceDatabaseClient } from './db-spans';
import { withSpan } from './tracing';

class AlsContextManager implements ContextManager {
  private readonly storage = new AsyncLocalStorage<Context>();
  active(): Context {
    return this.storage.getStore() ?? ROOT_CONTEXT;
  }
  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(ctx: Context, fn: F, thisArg?: ThisParameterType<F>, ...args: A): ReturnType<F> {
    return this.storage.run(ctx, () => fn.apply(thisArg, args));
  }
  bind<T>(_ctx: Context, target: T): T {
    return target;
  }
  enable(): this {
    return this;
  }
  disable(): this {
    this.storage.disable();
    return this;
  }
}

const exporter = new InMemorySpanExporter();
beforeAll(() => {
  context.setGlobalContextManager(new AlsContextManager());
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
});
afterAll(() => {
  trace.disable();
  context.disable();
});

type Db = { execute(query: ReturnType<typeof sql>): Promise<unknown>; transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> };

async function statementsUnderOneSpan(db: Db) {
  exporter.reset();
  await withSpan('job test', {}, async () => {
    await db.execute(sql`select ${'secret-value-1'}::text as v`);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 2 as n`);
    });
    await expect(db.execute(sql`select * from no_such_table_here`)).rejects.toThrow();
  });
  const spans = exporter.getFinishedSpans();
  const root = spans.find((s) => s.name === 'job test')!;
  const statements = spans.filter((s) => s !== root);
  for (const s of statements) {
    expect(s.parentSpanContext?.spanId).toBe(root.spanContext().spanId);
    expect(s.attributes['db.system.name']).toBe('postgresql');
    // Parameters travel apart from the text: a value never reaches a span.
    expect(JSON.stringify(s.attributes)).not.toContain('secret-value-1');
  }
  return statements;
}

describe('database spans', () => {
  it('PGlite: a statement, a transaction and a failing statement', async () => {
    const client = new PGlite();
    try {
      const db = drizzlePglite(traceDatabaseClient(client)) as unknown as Db;
      const statements = await statementsUnderOneSpan(db);
      expect(statements.map((s) => s.name)).toEqual(['SELECT', 'SELECT', 'SELECT no_such_table_here']);
      expect(statements[2]!.status).toMatchObject({ code: 2, message: '42P01' });
    } finally {
      await client.close();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('node-postgres: the pool and the client a transaction checks out', async () => {
    const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 2 });
    try {
      const db = drizzlePg(traceDatabaseClient(pool)) as unknown as Db;
      const statements = await statementsUnderOneSpan(db);
      expect(statements.map((s) => s.name)).toEqual(['SELECT', 'BEGIN', 'SELECT', 'COMMIT', 'SELECT no_such_table_here']);
      expect(statements[4]!.status).toMatchObject({ code: 2, message: '42P01' });
    } finally {
      await pool.end();
    }
  });
});
