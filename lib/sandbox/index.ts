import { loadAdminKey } from './core/admin';
import { TokenService, loadSigningKey } from './core/auth';
import { createDbClock, type SandboxClock } from './core/clock';
import { findCustomerById } from './core/customers';
import { DEFAULT_BODY_LIMITS, type BodyLimits } from './core/body';
import { createHandler, type PlainRequest, type PlainResponse } from './core/handler';
import { migrate } from './core/migrate';
import { DataVersion, ReadCache, versionedSql } from './core/read-cache';
import { coreModule } from './core/module';
import { Router } from './core/router';
import type { Clock, EmittedEvent, SandboxModule, SandboxPolicy, SandboxServices, Sql } from './core/types';
import { Worker } from './core/worker';
import { accountsModule } from './accounts/module';
import { helpersModule } from './helpers-routes/module';
import { openapiModule } from './openapi/module';
import { balancesModule } from './balances/module';
import { beneficiariesModule } from './beneficiaries/module';
import { operationsModule } from './operations/module';
import { quotesModule } from './quotes/module';
import { webhooksModule } from './webhooks/module';
import { settleInFlightDeliveries } from './webhooks/delivery';
import { emitEvent } from './webhooks/outbox';

export interface SandboxOptions {
  sql: Sql;
  /** Mount prefix stripped from request paths: `/sandbox` inside Next, `''` standalone. */
  basePath?: string;
  /** Injected clock (tests); default: real time + an offset persisted in the DB. */
  clock?: Clock;
  /** Outbound HTTP for webhook deliveries. */
  fetch?: typeof fetch;
  /** Where the sandbox is reachable from outside (OpenAPI `servers`). */
  publicUrl?: string;
  /** Background loop tick. */
  workerIntervalMs?: number;
  /** Replaces the domain module list (tests of a single module). Core is always included. */
  modules?: SandboxModule[];
  /**
   * Serve authenticated GET 200s from memory until the next write (core/read-cache.ts). Only when this process is
   * the sole writer of the sandbox schema (embedded PGlite), never on a shared PostgreSQL. Default false.
   */
  readCache?: boolean;
  /**
   * Mid rates: `moving` (default) changes them every 10 s of sandbox-clock time, deterministically;
   * `pinned` keeps the base table so tests can assert amounts to the cent (quotes/rates.ts).
   */
  rates?: 'moving' | 'pinned';
  /** Public helpers and webhook targets (default: open, as standalone). The console's mount narrows them. */
  policy?: Partial<SandboxPolicy>;
  /** The admin key of helpers that act on every customer (the clock); default: generated once and stored. */
  adminKey?: string;
  /** Request body cap and time-outs (core/body.ts); tests shorten the time-outs. */
  bodyLimits?: Partial<BodyLimits>;
}

/** Standalone defaults: an integrator's own machine, their own test suites. */
export const OPEN_POLICY: SandboxPolicy = { webhookAllow: null, customerCreation: true, customerCreationPerHour: 0 };

export interface Sandbox {
  handle(req: Request, info?: { clientAddress?: string | null }): Promise<Response>;
  /** The same handler over plain objects (no Web Request/Response allocations): the standalone server's path. */
  handlePlain(req: PlainRequest): Promise<PlainResponse>;
  start(): void;
  stop(): Promise<void>;
  services: SandboxServices;
  /** Resolves when migrations ran and the clock is loaded (handle() awaits it too). */
  ready: Promise<void>;
  worker: Worker;
  tokens: TokenService;
  modules: SandboxModule[];
  /** The mount prefix requests must carry (e.g. `/sandbox`). */
  basePath: string;
}

/** Every domain module, in migration-id order of ownership (accounts 1xx, money 2xx, webhooks 4xx). */
export function defaultModules(): SandboxModule[] {
  return [accountsModule, quotesModule, operationsModule, balancesModule, beneficiariesModule, webhooksModule, helpersModule];
}

export function createSandbox(opts: SandboxOptions): Sandbox {
  const version = opts.readCache ? new DataVersion() : null;
  const sql = version ? versionedSql(opts.sql, version) : opts.sql;
  const clock: Clock = opts.clock ?? createDbClock(sql);
  let keyPromise: Promise<Uint8Array> | null = null;
  const key = () => (keyPromise ??= loadSigningKey(sql));
  let adminKeyPromise: Promise<string> | null = null;
  const adminKey = () => (adminKeyPromise ??= loadAdminKey(sql, opts.adminKey));
  const tokens = new TokenService(sql, clock, key);

  let router: Router | null = null;
  const modules = [
    coreModule(() => tokens, opts.clock ? undefined : clock),
    ...(opts.modules ?? defaultModules()),
    openapiModule(() => ({ routes: router?.routes ?? [], publicUrl: opts.publicUrl, basePath: opts.basePath ?? '' })),
  ];
  const worker: Worker = new Worker(
    modules.flatMap((m) => m.tasks),
    () => services,
    { intervalMs: opts.workerIntervalMs },
  );
  const services: SandboxServices = {
    policy: { ...OPEN_POLICY, ...opts.policy },
    adminKey,
    sql,
    clock,
    emit: (tx: Sql, event: EmittedEvent) => emitEvent(tx, event),
    wake: () => worker.wake(),
    fetch: opts.fetch ?? ((...args) => fetch(...args)),
    getCustomer: (tx: Sql, customerId: string) => findCustomerById(tx, customerId),
    rates: opts.rates ?? 'moving',
  };
  if (!opts.clock) {
    (clock as SandboxClock).onAdvance = () => {
      version?.bump();
      worker.wakeAll();
    };
  }

  const ready = (async () => {
    await migrate(
      sql,
      modules.flatMap((m) => m.migrations),
    );
    if (!opts.clock) await (clock as SandboxClock).load();
    await key();
    await adminKey();
  })();
  // Surface failures through handle()/start() callers, not as an unhandled rejection.
  ready.catch(() => undefined);

  router = new Router(modules.flatMap((m) => m.routes));
  const { handle, handlePlain } = createHandler({
    router,
    basePath: opts.basePath ?? '',
    services,
    tokens,
    ready,
    readCache: version ? { cache: new ReadCache(version), version } : undefined,
    bodyLimits: { ...DEFAULT_BODY_LIMITS, ...opts.bodyLimits },
  });

  return {
    handle,
    handlePlain,
    start() {
      void ready.then(() => worker.start());
    },
    async stop() {
      await ready.catch(() => undefined);
      await worker.stop();
      // An attempt still in flight is recorded now, not repeated by the next process once its lease expires.
      await settleInFlightDeliveries(services);
    },
    services,
    ready,
    worker,
    tokens,
    modules,
    basePath: (opts.basePath ?? '').replace(/\/+$/, ''),
  };
}
