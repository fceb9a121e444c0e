import { loadAdminKey } from './core/admin';
import { TokenService, loadSigningKey } from './core/auth';
import { createDbClock, type SandboxClock } from './core/clock';
import { findCustomerById } from './core/customers';
import { DEFAULT_BODY_LIMITS, type BodyLimits } from './core/body';
import type { SandboxAccessEntry } from './core/access-log';
import { createHandler, type PlainRequest, type PlainResponse } from './core/handler';
import { migrate } from './core/migrate';
import { DataVersion, ReadCache, versionedSql } from './core/read-cache';
import { coreModule } from './core/module';
import { Router } from './core/router';
import type { Clock, EmittedEvent, SandboxModule, SandboxPolicy, SandboxServices, Sql } from './core/types';
import { Worker } from './core/worker';
import { Maintenance, countingSql, maintenanceTask, type MaintenanceOptions } from './core/maintenance';
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
import { EXECUTION_LOG_RETENTION_DAYS, executionLogRetentionTask } from './webhooks/retention';

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
  /**
   * Planner statistics and VACUUM for an embedded PGlite (core/maintenance.ts): ANALYZE at start-up and after
   * enough changes, VACUUM on a schedule, on the background loop. Leave off on PostgreSQL (autovacuum does it).
   * Default off.
   */
  maintenance?: boolean | Omit<MaintenanceOptions, 'schema'>;
  /**
   * PostgreSQL shared by several processes: each emitted event also sends `NOTIFY <channel>` (at commit), so the
   * host can LISTEN and wake this loop when another process wrote work. Unset on PGlite (one process: the
   * in-process `wake()` after each write is the signal).
   */
  notifyChannel?: string;
  /** Execution logs older than this many days (sandbox clock) are deleted in small batches. Default 30; 0 keeps them. */
  executionLogRetentionDays?: number;
  /** One call per answered request (core/access-log.ts's `jsonAccessLog` writes a JSON line); default none. */
  accessLog?: (entry: SandboxAccessEntry) => void;
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
  /** The embedded engine's maintenance (null when off: PostgreSQL's autovacuum does it). */
  maintenance: Maintenance | null;
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
  const maintenance = opts.maintenance
    ? new Maintenance({ ...(opts.maintenance === true ? {} : opts.maintenance), schema: 'sandbox' })
    : null;
  const counted = maintenance ? countingSql(opts.sql, maintenance) : opts.sql;
  const sql = version ? versionedSql(counted, version) : counted;
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
  const notifyChannel = opts.notifyChannel;
  const tasks = modules.flatMap((m) => m.tasks);
  tasks.push(executionLogRetentionTask(opts.executionLogRetentionDays ?? EXECUTION_LOG_RETENTION_DAYS));
  if (maintenance) tasks.push(maintenanceTask(maintenance));
  const worker: Worker = new Worker(
    tasks,
    () => services,
    { intervalMs: opts.workerIntervalMs },
  );
  const services: SandboxServices = {
    policy: { ...OPEN_POLICY, ...opts.policy },
    adminKey,
    sql,
    clock,
    emit: notifyChannel
      ? async (tx: Sql, event: EmittedEvent) => {
          await emitEvent(tx, event);
          // Sent at commit, folded into one per transaction by PostgreSQL.
          await tx.query('SELECT pg_notify($1, $2)', [notifyChannel, 'work']);
        }
      : (tx: Sql, event: EmittedEvent) => emitEvent(tx, event),
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
    // Before the first tick: a reopened data directory has rows but no statistics in a fresh engine's view.
    if (maintenance) await maintenance.analyzeAll(sql);
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
    accessLog: opts.accessLog,
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
    maintenance,
    tokens,
    modules,
    basePath: (opts.basePath ?? '').replace(/\/+$/, ''),
  };
}
