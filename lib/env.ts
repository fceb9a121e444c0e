import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
// Only lib/config (the settings' parsers) and lib/money: the sandbox host reads this module, and it must reach no
// feature code through it (lib/architecture.test.ts).
import { parseCoolOffHours } from '@/lib/config/approver-cool-off';
import { parseControlChangeDelayHours } from '@/lib/config/control-change-delay';
import { ObservabilityConfigError, readObservabilityConfig, type ObservabilityConfig } from '@/lib/config/observability';
import { parseStuckThresholds, type StuckThresholds } from '@/lib/config/operations-stuck';
import { ASSETS, type Asset } from '@/lib/money/assets';

/** One line, naming the variable and what it expects — printed as-is at start-up. */
export class EnvError extends Error {
  constructor(
    readonly variable: string,
    readonly expected: string,
  ) {
    super(`Invalid environment: ${variable} — expected ${expected}`);
    this.name = 'EnvError';
  }
}

export type Env = {
  PORT: number;
  /** Origin + optional path, no trailing slash. */
  PUBLIC_URL: string;
  /** `new URL(PUBLIC_URL).origin`, used by the proxy's origin check. */
  PUBLIC_ORIGIN: string;
  SANDBOX: 'on' | 'off';
  /** The embedded sandbox's mid rates: `moving` on its clock (default) or `pinned` to the base table. */
  SANDBOX_RATES: 'moving' | 'pinned';
  FX_API_BASE_URL: string;
  FX_AUTH_URL: string;
  /** Unset with the sandbox on: lib/sandbox/host.ts's demo customer is used. */
  FX_CLIENT_ID: string | undefined;
  FX_CLIENT_SECRET: string | undefined;
  FX_SERVICE_VERSION: string | undefined;
  DATABASE_URL: string | undefined;
  /** Absolute path. */
  DATA_DIR: string;
  NEXTAUTH_SECRET: string;
  NEXTAUTH_SECRET_SOURCE: 'env' | 'generated' | 'file';
  NEXTAUTH_URL: string;
  /** True when PUBLIC_URL is https: `__Secure-` cookies and HSTS. */
  SECURE_COOKIES: boolean;
  /** Extra webhook targets the embedded sandbox may deliver to (besides `${PUBLIC_URL}/api/webhooks`). */
  SANDBOX_WEBHOOK_ALLOW: string[];
  /**
   * The embedded sandbox delivers to hosts outside this machine only when this is `1`/`true` (read by the sandbox
   * itself, lib/sandbox/webhooks/config.ts; the console reads it to warn before saving an undeliverable URL).
   */
  SANDBOX_WEBHOOK_ALLOW_EXTERNAL: boolean;
  /** `POST /sandbox/_sandbox/customers` answers only when this is on. */
  SANDBOX_ALLOW_CUSTOMER_CREATION: boolean;
  /** Key of the sandbox helpers that act on every customer (the clock); unset: generated, never shown. */
  SANDBOX_ADMIN_KEY: string | undefined;
  /** Minutes after which a not-yet-finished operation is flagged stuck, per type (default 10 for every type). */
  OPERATIONS_STUCK_MINUTES: StuckThresholds;
  /** How many reverse proxies in front of the console append to X-Forwarded-For; 0: the socket is the client. */
  TRUSTED_PROXY_HOPS: number;
  /** Hours a user who gained the right to approve payouts waits before approving (0: off). */
  APPROVER_COOL_OFF_HOURS: number;
  /** The currency payouts are valued in for the approval tiers and the daily cap (default BRL). */
  REFERENCE_CURRENCY: Asset;
  CONTROL_CHANGE_DELAY_HOURS: number;
  /** Days received webhook events are kept (0: forever). Default 30. */
  RETENTION_RECEIVED_EVENTS_DAYS: number;
  /** Days the embedded sandbox keeps webhook execution logs (sandbox clock; 0: forever). Default 30. */
  RETENTION_EXECUTION_LOGS_DAYS: number;
  /** Days an ended session's row is kept after it expired (idle or absolute limit). Default 1. */
  RETENTION_SESSIONS_DAYS: number;
  /**
   * LOG_LEVEL, LOG_FORMAT, METRICS_TOKEN, METRICS_PORT, OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT, OTEL_TRACES_EXPORTER, SHUTDOWN_DEADLINE_MS: checked here
   * at start-up; lib/observability reads them itself (its hooks run before this parse).
   */
  OBSERVABILITY: ObservabilityConfig;
  /** Days inbox items are kept (0: forever). Default 90. */
  RETENTION_NOTIFICATIONS_DAYS: number;
  /** Hours a request-limit counter row (PostgreSQL) is kept after its window ended. Default 1. */
  RETENTION_RATE_LIMITS_HOURS: number;
  /** Seconds a mid rate asked of the service is reused before it is asked (and sampled) again. Default 10. */
  MID_RATE_REFRESH_SECONDS: number;
  /** Seconds the embedded sandbox waits for a request body that sends nothing before it answers 408. Default 10. */
  SANDBOX_BODY_IDLE_SECONDS: number;
};

const MIN_SECRET_LENGTH = 32;
export const NEXTAUTH_SECRET_FILE = 'nextauth-secret';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const httpUrl = z
  .string()
  .trim()
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !u.search && !u.hash;
    } catch {
      return false;
    }
  })
  .transform((v) => v.replace(/\/+$/, ''));

const EXPECTATIONS = {
  PORT: 'an integer port between 1 and 65535',
  PUBLIC_URL: 'an absolute http(s) URL such as https://console.example.com',
  NEXTAUTH_URL: 'an absolute http(s) URL such as https://console.example.com',
  SANDBOX: '"on" or "off"',
  SANDBOX_RATES: '"moving" or "pinned"',
  FX_API_BASE_URL: 'an absolute http(s) URL (the service base_url)',
  FX_AUTH_URL: 'an absolute http(s) URL (the service auth_url)',
  DATABASE_URL: 'a postgres:// or postgresql:// connection URL',
  DATA_DIR: 'a writable directory path',
  NEXTAUTH_SECRET: `a random string of at least ${MIN_SECRET_LENGTH} characters`,
  SANDBOX_WEBHOOK_ALLOW: 'comma-separated absolute http(s) URLs (webhook targets the sandbox may call)',
  SANDBOX_ALLOW_CUSTOMER_CREATION: '"on" or "off"',
  SANDBOX_ADMIN_KEY: 'a random string of at least 16 characters',
  RETENTION_RECEIVED_EVENTS_DAYS: 'a whole number of days (0 keeps them forever)',
  RETENTION_EXECUTION_LOGS_DAYS: 'a whole number of days (0 keeps them forever)',
  RETENTION_SESSIONS_DAYS: 'a whole number of days',
  RETENTION_NOTIFICATIONS_DAYS: 'a whole number of days (0 keeps them forever)',
  RETENTION_RATE_LIMITS_HOURS: 'a whole number of hours',
  OPERATIONS_STUCK_MINUTES: 'minutes, for every type ("15") or per type ("SWAP=5,WITHDRAWAL=60,default=20")',
  TRUSTED_PROXY_HOPS: 'a whole number of proxies from 0 to 10 (0: no proxy, X-Forwarded-For is not read)',
  APPROVER_COOL_OFF_HOURS: 'whole hours from 0 to 720 (0 turns the approver cool-off off)',
  REFERENCE_CURRENCY: 'one of the service’s asset codes, e.g. BRL or USD (the currency approval tiers are written in)',
  CONTROL_CHANGE_DELAY_HOURS: 'whole hours from 1 to 720',
  MID_RATE_REFRESH_SECONDS: 'whole seconds from 1 to 3600',
  SANDBOX_BODY_IDLE_SECONDS: 'whole seconds from 1 to 600',
} as const;

function field<T>(name: keyof typeof EXPECTATIONS, schema: z.ZodType<T>, raw: unknown): T {
  const result = schema.safeParse(blankToUndefined(raw));
  if (!result.success) throw new EnvError(name, EXPECTATIONS[name]);
  return result.data;
}

type Source = Record<string, string | undefined>;

/**
 * Pure parse (plus the secret file under DATA_DIR when the sandbox is on). Throws EnvError for the first
 * bad variable so the operator fixes one thing at a time with an exact name.
 */
export function parseEnv(source: Source, opts: { cwd?: string } = {}): Env {
  const cwd = opts.cwd ?? process.cwd();
  const PORT = field(
    'PORT',
    z.coerce.number().int().min(1).max(65535).optional().default(3000),
    source.PORT,
  );
  const PUBLIC_URL = field('PUBLIC_URL', httpUrl.optional(), source.PUBLIC_URL) ?? `http://localhost:${PORT}`;
  const PUBLIC_ORIGIN = new URL(PUBLIC_URL).origin;

  const rawBase = field('FX_API_BASE_URL', httpUrl.optional(), source.FX_API_BASE_URL);
  const SANDBOX =
    field('SANDBOX', z.enum(['on', 'off']).optional(), source.SANDBOX?.trim().toLowerCase()) ??
    (rawBase ? 'off' : 'on');

  const SANDBOX_RATES =
    field('SANDBOX_RATES', z.enum(['moving', 'pinned']).optional(), source.SANDBOX_RATES?.trim().toLowerCase()) ?? 'moving';

  if (SANDBOX === 'off' && !rawBase) {
    throw new EnvError('FX_API_BASE_URL', `${EXPECTATIONS.FX_API_BASE_URL} when SANDBOX=off`);
  }
  const FX_API_BASE_URL = rawBase ?? `${PUBLIC_URL}/sandbox`;
  const FX_AUTH_URL = field('FX_AUTH_URL', httpUrl.optional(), source.FX_AUTH_URL) ?? FX_API_BASE_URL;

  const FX_CLIENT_ID = blankToUndefined(source.FX_CLIENT_ID) as string | undefined;
  const FX_CLIENT_SECRET = blankToUndefined(source.FX_CLIENT_SECRET) as string | undefined;
  if (SANDBOX === 'off' && !FX_CLIENT_ID) {
    throw new EnvError('FX_CLIENT_ID', 'the company client id when SANDBOX=off');
  }
  if (FX_CLIENT_ID && !FX_CLIENT_SECRET) {
    throw new EnvError('FX_CLIENT_SECRET', 'the client secret that goes with FX_CLIENT_ID');
  }
  if (FX_CLIENT_SECRET && !FX_CLIENT_ID) {
    throw new EnvError('FX_CLIENT_ID', 'the client id that goes with FX_CLIENT_SECRET');
  }
  const FX_SERVICE_VERSION = blankToUndefined(source.FX_SERVICE_VERSION) as string | undefined;

  const DATABASE_URL = field(
    'DATABASE_URL',
    z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\/\S+$/)
      .optional(),
    source.DATABASE_URL,
  );
  const DATA_DIR = path.resolve(cwd, field('DATA_DIR', z.string().trim().optional(), source.DATA_DIR) ?? '.data');
  const NEXTAUTH_URL = field('NEXTAUTH_URL', httpUrl.optional(), source.NEXTAUTH_URL) ?? PUBLIC_URL;

  const secretSchema = z.string().trim().min(MIN_SECRET_LENGTH).optional();
  const fromEnv = field('NEXTAUTH_SECRET', secretSchema, source.NEXTAUTH_SECRET);
  let NEXTAUTH_SECRET: string;
  let NEXTAUTH_SECRET_SOURCE: Env['NEXTAUTH_SECRET_SOURCE'];
  if (fromEnv) {
    NEXTAUTH_SECRET = fromEnv;
    NEXTAUTH_SECRET_SOURCE = 'env';
  } else if (SANDBOX === 'off') {
    // A real deployment must not silently mint a per-machine secret: instances would disagree.
    throw new EnvError('NEXTAUTH_SECRET', `${EXPECTATIONS.NEXTAUTH_SECRET} (required when SANDBOX=off)`);
  } else {
    ({ secret: NEXTAUTH_SECRET, source: NEXTAUTH_SECRET_SOURCE } = loadOrCreateSecret(DATA_DIR));
  }

  const SANDBOX_WEBHOOK_ALLOW = field(
    'SANDBOX_WEBHOOK_ALLOW',
    z.string().optional().transform((v) => (v ?? '').split(/[\s,]+/).filter(Boolean)).pipe(z.array(httpUrl)),
    source.SANDBOX_WEBHOOK_ALLOW,
  );
  // The same reading as the sandbox's deliveryConfigFromEnv, so the console's warning and the deliveries agree.
  const SANDBOX_WEBHOOK_ALLOW_EXTERNAL = source.SANDBOX_WEBHOOK_ALLOW_EXTERNAL === '1' || source.SANDBOX_WEBHOOK_ALLOW_EXTERNAL === 'true';
  const SANDBOX_ALLOW_CUSTOMER_CREATION =
    field('SANDBOX_ALLOW_CUSTOMER_CREATION', z.enum(['on', 'off']).optional(), source.SANDBOX_ALLOW_CUSTOMER_CREATION?.trim().toLowerCase()) === 'on';
  const SANDBOX_ADMIN_KEY = field('SANDBOX_ADMIN_KEY', z.string().trim().min(16).optional(), source.SANDBOX_ADMIN_KEY);
  const stuck = parseStuckThresholds(source.OPERATIONS_STUCK_MINUTES);
  if (!stuck.ok) throw new EnvError('OPERATIONS_STUCK_MINUTES', `${EXPECTATIONS.OPERATIONS_STUCK_MINUTES} (${stuck.error})`);
  // Read again where used (lib/security/client-address.ts, lib/payouts): validated here so a typo stops start-up.
  const TRUSTED_PROXY_HOPS = field('TRUSTED_PROXY_HOPS', z.coerce.number().int().min(0).max(10).optional().default(0), source.TRUSTED_PROXY_HOPS);
  const APPROVER_COOL_OFF_HOURS = parseCoolOffHours(source.APPROVER_COOL_OFF_HOURS);
  if (APPROVER_COOL_OFF_HOURS === null) throw new EnvError('APPROVER_COOL_OFF_HOURS', EXPECTATIONS.APPROVER_COOL_OFF_HOURS);
  const REFERENCE_CURRENCY = field('REFERENCE_CURRENCY', z.enum(ASSETS).optional().default('BRL'), source.REFERENCE_CURRENCY?.trim().toUpperCase());
  const CONTROL_CHANGE_DELAY_HOURS = parseControlChangeDelayHours(source.CONTROL_CHANGE_DELAY_HOURS);
  if (CONTROL_CHANGE_DELAY_HOURS === null) throw new EnvError('CONTROL_CHANGE_DELAY_HOURS', EXPECTATIONS.CONTROL_CHANGE_DELAY_HOURS);

  const days = (name: keyof typeof EXPECTATIONS, fallback: number) =>
    field(name, z.coerce.number().int().min(0).max(36_500).optional(), source[name]) ?? fallback;
  const RETENTION_RECEIVED_EVENTS_DAYS = days('RETENTION_RECEIVED_EVENTS_DAYS', 30);
  const RETENTION_EXECUTION_LOGS_DAYS = days('RETENTION_EXECUTION_LOGS_DAYS', 30);
  const RETENTION_SESSIONS_DAYS = days('RETENTION_SESSIONS_DAYS', 1);
  let OBSERVABILITY: ObservabilityConfig;
  try {
    OBSERVABILITY = readObservabilityConfig(source);
  } catch (error) {
    if (error instanceof ObservabilityConfigError) throw new EnvError(error.variable, error.expected);
    throw error;
  }
  // 90: the inbox's promise (NOTIFICATION_RETENTION_DAYS in lib/domain/notifications/kinds.ts).
  const RETENTION_NOTIFICATIONS_DAYS = days('RETENTION_NOTIFICATIONS_DAYS', 90);
  const RETENTION_RATE_LIMITS_HOURS = days('RETENTION_RATE_LIMITS_HOURS', 1);
  // 10 s: the sandbox's mid moves every 10 s of its clock. The e2e servers ask sooner, so a test sees a second sample
  // of a pair in a second instead of waiting ten (playwright.config.ts).
  const MID_RATE_REFRESH_SECONDS = field('MID_RATE_REFRESH_SECONDS', z.coerce.number().int().min(1).max(3600).optional().default(10), source.MID_RATE_REFRESH_SECONDS);
  // The e2e servers shorten it, so the test of a body that never arrives waits seconds, not ten (playwright.config.ts).
  const SANDBOX_BODY_IDLE_SECONDS = field('SANDBOX_BODY_IDLE_SECONDS', z.coerce.number().int().min(1).max(600).optional().default(10), source.SANDBOX_BODY_IDLE_SECONDS);

  return {
    PORT,
    PUBLIC_URL,
    PUBLIC_ORIGIN,
    SANDBOX,
    SANDBOX_RATES,
    FX_API_BASE_URL,
    FX_AUTH_URL,
    FX_CLIENT_ID,
    FX_CLIENT_SECRET,
    FX_SERVICE_VERSION,
    DATABASE_URL,
    DATA_DIR,
    NEXTAUTH_SECRET,
    NEXTAUTH_SECRET_SOURCE,
    NEXTAUTH_URL,
    SECURE_COOKIES: PUBLIC_URL.startsWith('https://'),
    SANDBOX_WEBHOOK_ALLOW,
    SANDBOX_WEBHOOK_ALLOW_EXTERNAL,
    SANDBOX_ALLOW_CUSTOMER_CREATION,
    SANDBOX_ADMIN_KEY,
    OPERATIONS_STUCK_MINUTES: stuck.value,
    TRUSTED_PROXY_HOPS,
    APPROVER_COOL_OFF_HOURS,
    REFERENCE_CURRENCY,
    CONTROL_CHANGE_DELAY_HOURS,
    RETENTION_RECEIVED_EVENTS_DAYS,
    RETENTION_EXECUTION_LOGS_DAYS,
    RETENTION_SESSIONS_DAYS,
    OBSERVABILITY,
    RETENTION_NOTIFICATIONS_DAYS,
    RETENTION_RATE_LIMITS_HOURS,
    MID_RATE_REFRESH_SECONDS,
    SANDBOX_BODY_IDLE_SECONDS,
  };
}

/** Generated once per data directory; the 0600 file keeps sessions valid across restarts. */
export function loadOrCreateSecret(dataDir: string): { secret: string; source: 'generated' | 'file' } {
  const file = path.join(dataDir, NEXTAUTH_SECRET_FILE);
  const existing = readSecretFile(file);
  if (existing) return { secret: existing, source: 'file' };
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  } catch {
    throw new EnvError('DATA_DIR', `${EXPECTATIONS.DATA_DIR} (cannot create ${dataDir})`);
  }
  const secret = randomBytes(48).toString('base64url');
  try {
    // 'wx': if a concurrent start wrote it first, keep theirs.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
    return { secret, source: 'generated' };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      const raced = readSecretFile(file);
      if (raced) return { secret: raced, source: 'file' };
    }
    throw new EnvError('DATA_DIR', `${EXPECTATIONS.DATA_DIR} (cannot write ${file})`);
  }
}

function readSecretFile(file: string): string | undefined {
  let content: string;
  try {
    content = readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
  if (content.length < MIN_SECRET_LENGTH) {
    throw new EnvError('NEXTAUTH_SECRET', `${EXPECTATIONS.NEXTAUTH_SECRET} in ${file} (delete the file to regenerate)`);
  }
  return content;
}

const globalForEnv = globalThis as unknown as { __consoleEnv?: Env };

/**
 * Parsed once per process. Also publishes NEXTAUTH_SECRET/NEXTAUTH_URL/PUBLIC_URL to process.env, because
 * next-auth's own helpers (getToken in the proxy, its route handler) and proxy.ts read them from there.
 */
export function getEnv(): Env {
  if (globalForEnv.__consoleEnv) return globalForEnv.__consoleEnv;
  const env = parseEnv(process.env);
  process.env.NEXTAUTH_SECRET = env.NEXTAUTH_SECRET;
  process.env.NEXTAUTH_URL = env.NEXTAUTH_URL;
  // proxy.ts derives the origin it accepts from PUBLIC_URL; give it the exact value parsed here.
  process.env.PUBLIC_URL = env.PUBLIC_URL;
  globalForEnv.__consoleEnv = env;
  return env;
}

/** Tests only: forget the memoised env. */
export function resetEnvForTests(): void {
  delete globalForEnv.__consoleEnv;
}
