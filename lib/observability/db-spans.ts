// A span per database statement, for drizzle over PGlite and over node-postgres alike: drizzle has no tracing hook
// of its own (its OpenTelemetry tracer is compiled out), so the client it is given is wrapped instead. Every
// statement goes through `query` — the pool's, a pooled client's for a transaction (pg), or the transaction
// handle's (PGlite) — so those three are the only methods wrapped; everything else reaches the client unchanged.
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { sqlQueryText, sqlSpanName, summarizeSql } from '@/lib/domain/observability/sql-summary';
import { TRACER_NAME } from './tracing';

type QueryFn = (...args: unknown[]) => unknown;

function statementText(first: unknown): string | undefined {
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && typeof (first as { text?: unknown }).text === 'string') return (first as { text: string }).text;
  return undefined;
}

function tracedQuery(query: QueryFn, target: object, system: string): QueryFn {
  return (...args: unknown[]) => {
    const text = statementText(args[0]);
    // pg's callback form, or something that is not a statement: nothing to time as a promise.
    if (text === undefined || typeof args[args.length - 1] === 'function') return query.apply(target, args);
    const summary = summarizeSql(text);
    return trace.getTracer(TRACER_NAME).startActiveSpan(
      sqlSpanName(summary),
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'db.system.name': system,
          'db.operation.name': summary.operation,
          ...(summary.collection ? { 'db.collection.name': summary.collection } : {}),
          'db.query.text': sqlQueryText(text),
        },
      },
      async (span) => {
        try {
          return await (query.apply(target, args) as Promise<unknown>);
        } catch (error) {
          // The driver's error class and SQLSTATE only: a message may quote a value.
          const code = (error as { code?: unknown }).code;
          span.setStatus({ code: SpanStatusCode.ERROR, message: typeof code === 'string' ? code : error instanceof Error ? error.name : 'error' });
          throw error;
        } finally {
          span.end();
        }
      },
    );
  };
}

/**
 * `client` (a PGlite, a pg Pool or a pg PoolClient) with a span around each statement. The proxy keeps the
 * client's prototype, so drizzle's `instanceof` checks still see a PGlite or a Pool; methods are called on the
 * client itself (PGlite keeps its state in private fields, which a proxy as `this` could not reach).
 */
export function traceDatabaseClient<T extends object>(client: T, system = 'postgresql'): T {
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== 'function') return value;
      const fn = value as QueryFn;
      if (property === 'query') return tracedQuery(fn, target, system);
      if (property === 'transaction') {
        // PGlite: the statements of a transaction go through the handle it passes to the callback.
        return (callback: (tx: object) => unknown, ...rest: unknown[]) =>
          fn.call(target, (tx: object) => callback(traceDatabaseClient(tx, system)), ...rest);
      }
      if (property === 'connect') {
        // pg Pool: drizzle runs a transaction on a client it checks out with connect() (promise form).
        return (...args: unknown[]) => {
          const result = fn.apply(target, args);
          return result instanceof Promise ? result.then((c: object) => traceDatabaseClient(c, system)) : result;
        };
      }
      return fn.bind(target);
    },
  });
}
