/**
 * The sandbox's internal contract: the seams between its core (router, auth, idempotency, pagination, clock,
 * worker) and its domain modules (accounts, quotes/operations/balances/beneficiaries, webhooks).
 *
 * The sandbox is framework-free and imports nothing from the console except pure shared modules (lib/money).
 */

/** Minimal SQL executor. PGlite and node-postgres are adapted to it in `core/sql.ts`. Parameters are $1..$n. */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<{ rows: T[]; affectedRows?: number }>;
  /** Runs several statements at once (migrations). No parameters. */
  exec(text: string): Promise<void>;
  /** Runs `fn` in one transaction (ROLLBACK when it throws). Called on a transaction, it runs `fn` in the same one. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
}

/** The one clock: token expiry, quote expiry, idempotency retention, settlement, retries all read it. */
export interface Clock {
  now(): Date;
  /**
   * Moves the clock forward (persisted, so it survives a restart) and wakes the worker. Pass the open
   * transaction when called inside one (PGlite has one connection: the root would wait for it forever).
   */
  advance(seconds: number, tx?: Sql): Promise<void>;
}

/** One entry of a validation error's `details.errors`. `field` is located: `body:owner.taxId`, `path:accountId`, `query:limit`. */
export interface FieldError {
  code: string;
  message: string;
  field: string;
  params: Record<string, unknown>;
}

/** A customer of the service, with its client credentials. `auto` lets reviews, settlement and payments happen by themselves. */
export interface Customer {
  id: string;
  name: string;
  clientId: string;
  clientSecret: string;
  auto: boolean;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestContext {
  method: HttpMethod;
  /** Path below the sandbox base, e.g. `/api/accounts/0b6…`. */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: Headers;
  /** Parsed JSON body; `undefined` when there is none. */
  body: unknown;
  /** Set for multipart requests instead of `body`. */
  form?: FormData;
  /** The authenticated customer (routes with `auth: 'customer'`), otherwise null. */
  customer: Customer | null;
  requestId: string;
  /** The caller's network address when the mount knows it (standalone server, Next route), else null. */
  clientAddress: string | null;
  /** For POST/PUT/PATCH this is the transaction that also records the idempotent response. */
  sql: Sql;
  now: Date;
  services: SandboxServices;
}

export interface RouteResult {
  status: number;
  /** JSON-serialised; omit for an empty body (204, 202). */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RouteDef {
  method: HttpMethod;
  /** `/api/accounts/:accountId/ubos`. Literal segments win over parameters. */
  path: string;
  /** `customer`: Bearer token required; `none`: public (token endpoint, customer creation helper, openapi.json). */
  auth: 'customer' | 'none';
  /**
   * POST/PUT/PATCH routes are idempotent by default (X-Idempotency-Key required, the handler runs in the
   * transaction that records the response). Only the token endpoint sets `false`.
   */
  idempotent?: boolean;
  /** Short description for the OpenAPI document. */
  summary?: string;
  handler(ctx: RequestContext): Promise<RouteResult>;
}

export type EventType =
  | 'ASSET_ACTIVATED'
  | 'BENEFICIARY_PAYMENT_INSTRUCTION_CREATED'
  | 'BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED'
  | 'BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED'
  | 'OPERATION_REQUESTED'
  | 'OPERATION_COMPLETED'
  | 'OPERATION_FAILED';

export type ResourceName = 'ACCOUNT' | 'BENEFICIARY' | 'OPERATION';

export interface EmittedEvent {
  customerId: string;
  type: EventType;
  resourceName: ResourceName;
  /** The account, beneficiary or operation the event is about. */
  resourceId: string;
  /** The event body exactly as delivered (the contract's Events part). */
  payload: Record<string, unknown>;
}

/** Work the background loop runs repeatedly. Returns how many items it moved, so the loop knows to go again at once. */
export interface BackgroundTask {
  name: string;
  run(services: SandboxServices): Promise<number>;
  /**
   * `false` for tasks whose work only becomes due with time (settlement, reviews, purges): they run on the loop's
   * periodic full ticks (~100 ms, and at once after a clock advance), not on the extra tick each write asks for
   * with `services.wake()`. Default true.
   */
  runOnWake?: boolean;
  /**
   * When this task's next time-based work falls due (sandbox clock), or null when it has none: an idle loop sleeps
   * until then instead of polling (one cheap index probe, asked only when the loop is about to back off).
   */
  nextDueAt?(services: SandboxServices): Promise<Date | null>;
}

/** A module's SQL migration. Ids sort globally: core 0xx, accounts 1xx, money 2xx, webhooks 4xx. */
export interface Migration {
  id: string;
  sql: string;
}

/** What the domain modules contribute to `createSandbox`. */
export interface SandboxModule {
  name: string;
  migrations: Migration[];
  routes: RouteDef[];
  tasks: BackgroundTask[];
}

/**
 * What the public helpers and webhook targets allow. Standalone (`npm run sandbox`, an integrator's own machine) the
 * defaults are open; the console's embedded mount narrows them (lib/sandbox-host.ts), because anyone who can reach
 * the console can reach its `/sandbox`.
 */
export interface SandboxPolicy {
  /** Loopback webhook targets allowed (URL prefixes); null = any loopback URL. See webhooks/url-policy.ts. */
  webhookAllow: readonly string[] | null;
  /** `POST /_sandbox/customers` answers (true) or is refused with 403 HELPER_DISABLED (false). */
  customerCreation: boolean;
  /** Customers one client address may create per hour of wall time; 0 = no limit. */
  customerCreationPerHour: number;
}

/** Services shared by routes and tasks. */
export interface SandboxServices {
  policy: SandboxPolicy;
  /** The sandbox admin key (core/admin.ts), required by helpers that act on every customer. */
  adminKey(): Promise<string>;
  sql: Sql;
  clock: Clock;
  /** Records an event in the outbox inside the caller's transaction; the delivery task fans it out after commit. */
  emit(tx: Sql, event: EmittedEvent): Promise<void>;
  /** Asks the background loop to run now (after a commit that created work), instead of at its next tick. */
  wake(): void;
  /** Outbound HTTP for webhook deliveries (injectable in tests). */
  fetch: typeof fetch;
  getCustomer(tx: Sql, customerId: string): Promise<Customer | null>;
  /** `moving` (default): mid rates change on the sandbox clock; `pinned`: the fixed base table (quotes/rates.ts). */
  rates: 'moving' | 'pinned';
}
