/**
 * The console's one failure shape, client-safe (no server imports): server actions, route handlers, pages and
 * forms all speak `Failure`. `toFailure()` is the only place that turns a thrown error (the wire client's
 * `ApiError`, a `DomainError`, a validation tree, anything unexpected) into one.
 *
 * Errors are recognised by a `brand` string property, never by `instanceof`: Next bundles a module once per
 * route/action/instrumentation graph, and the process-wide API client (kept on globalThis) throws instances of
 * whichever copy of the class built it, so `instanceof` fails across bundles.
 */

import { parseFieldKey } from '@/lib/validation/validation-result';

export const FAILURE_BRAND = 'fx.failure' as const;
/** Brand of errors thrown by the wire client (`lib/api/errors.ts` ApiError). */
export const SERVICE_ERROR_BRAND = 'fx.service-error' as const;
/** Brand of `DomainError` (rules broken in lib/domain, lib/team, actions). */
export const DOMAIN_ERROR_BRAND = 'fx.domain-error' as const;

/** Form field path (`owner.taxId.value`, `assets.0.code`, `_form` for the whole form) → one message. */
export type FieldErrors = Record<string, string>;

/** Values an ICU message of the catalogue interpolates (`{max}`, `{count}`). */
export type MessageValues = Record<string, string | number>;

/** One field's problem: a code of the `errors` catalogue and the values its sentence interpolates. */
export interface FieldProblem {
  code: string;
  values?: MessageValues;
}

/** Form field path → its problem as code + values (what `applyFailure` words in the reader's language). */
export type FieldCodes = Record<string, FieldProblem>;

export interface Failure {
  readonly brand: typeof FAILURE_BRAND;
  /** The service's code (`QUOTE_EXPIRED`), a console code (`FORBIDDEN`) or a transport code (`TIMEOUT`). */
  code: string;
  /** The values the code's catalogue sentence interpolates. */
  values?: MessageValues;
  /** One sentence for the user, without the reference, worded by the server from the catalogue. */
  sentence: string;
  /** Path → message, worded by the server from `fields` (readers without a translator). */
  fieldErrors: FieldErrors;
  /** Path → code + values: the field problems themselves (`applyFailure` words them in the reader's language). */
  fields?: FieldCodes;
  /** Structured data a page shows beside the sentence (the documents a review still misses), JSON-safe. */
  details?: Record<string, unknown>;
  /** The service's request id, else our correlation id: what support asks for. */
  requestId?: string;
  /** The HTTP status a route handler answers with (the service's 4xx stays 4xx). */
  httpStatus: number;
  /** A rate limit's refusal (`RATE_LIMITED`, 429): seconds until trying again makes sense (`Retry-After`). */
  retryAfterSeconds?: number;
}

/**
 * Looks a sentence up in the message catalogue (namespace `errors`, key = code); undefined when the catalogue has
 * no entry, so the English table and then the service's own message are used. With next-intl:
 * `catalogueTranslator(await getTranslations('errors'))` or `catalogueTranslator(useTranslations('errors'))`.
 */
export type Translator = (code: string, values?: Record<string, string | number>) => string | undefined;

/** Adapts a next-intl `t` (which has `t.has(key)`) to a `Translator`. */
export function catalogueTranslator(t: {
  (key: string, values?: Record<string, string | number>): string;
  has: (key: string) => boolean;
}): Translator {
  return (code, values) => (t.has(code) ? t(code, values) : undefined);
}

/** Codes the console produces itself (no service response behind them). */
export const CLIENT_ERROR_CODES = {
  TOKEN_UNAVAILABLE: 'TOKEN_UNAVAILABLE',
  SERVICE_UNREACHABLE: 'SERVICE_UNREACHABLE',
  CIRCUIT_OPEN: 'CIRCUIT_OPEN',
  TIMEOUT: 'TIMEOUT',
  ABORTED: 'ABORTED',
  INVALID_RESPONSE: 'INVALID_RESPONSE',
  IDEMPOTENCY_KEY_REQUIRED: 'IDEMPOTENCY_KEY_REQUIRED',
} as const;

/**
 * A rule broken in the console's own logic (team, passwords, payouts, …): a code of the `errors` catalogue, the
 * values its sentence interpolates and the problems per field (each a code, or code + values). No words: the
 * sentence is looked up by `toFailure` in the reader's language. The Error message is the code (logs only).
 */
export class DomainError extends Error {
  readonly brand = DOMAIN_ERROR_BRAND;
  readonly fields: FieldCodes;
  readonly values?: MessageValues;
  readonly httpStatus: number;
  readonly failureDetails?: Record<string, unknown>;
  readonly requestId?: string;
  constructor(
    readonly code: string,
    init: {
      fields?: Record<string, string | FieldProblem>;
      values?: MessageValues;
      httpStatus?: number;
      /** Structured data for the page (`Failure.details`), JSON-safe. */
      details?: Record<string, unknown>;
      /** The service's request id when this refusal says a service answer in the console's words. */
      requestId?: string;
    } = {},
  ) {
    super(code);
    this.name = 'DomainError';
    this.fields = Object.fromEntries(Object.entries(init.fields ?? {}).map(([path, p]) => [path, typeof p === 'string' ? { code: p } : p]));
    if (init.values) this.values = init.values;
    this.httpStatus = init.httpStatus ?? 400;
    if (init.details) this.failureDetails = init.details;
    if (init.requestId) this.requestId = init.requestId;
  }
}

/** What `toFailure` reads from the wire client's ApiError (branded; the class itself is server-only). */
export interface ServiceErrorLike {
  brand: typeof SERVICE_ERROR_BRAND;
  status: number;
  code: string;
  message: string;
  requestId?: string | null;
  fieldErrors?: FieldErrors;
  /** The service's `details` (`errors[]` with `{code, message, field, params}` per field). */
  details?: Record<string, unknown>;
}

function hasBrand(value: unknown, brand: string): boolean {
  return typeof value === 'object' && value !== null && (value as { brand?: unknown }).brand === brand;
}

export function isFailure(value: unknown): value is Failure {
  return hasBrand(value, FAILURE_BRAND) && typeof (value as Failure).code === 'string';
}

export function isServiceError(value: unknown): value is ServiceErrorLike {
  return hasBrand(value, SERVICE_ERROR_BRAND);
}

export function isDomainError(value: unknown): value is DomainError {
  return hasBrand(value, DOMAIN_ERROR_BRAND);
}

/** True for the service's "no such resource" (unknown id or another company's). */
export function isNotFound(error: unknown): boolean {
  if (isServiceError(error)) return error.status === 404;
  if (isFailure(error)) return error.httpStatus === 404;
  return false;
}

/**
 * `body:owner.taxId.value` → `owner.taxId.value`; `body:assets[0].code` → `assets.0.code` (react-hook-form paths);
 * `path:accountId` / `query:status` → `accountId` / `status`. A bare location (`body`) names no field: null.
 */
export function toFieldPath(field: string): string | null {
  const withoutLocation = field.replace(/^(body|path|query|header|form):?/, '');
  const path = withoutLocation.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');
  return path.length > 0 ? path : null;
}

/** Maps `details.errors[]` (`{code, message, field}`) of a service validation error onto form paths. */
export function fieldErrorsFromDetails(details: Record<string, unknown>): FieldErrors {
  const errors = details.errors;
  if (!Array.isArray(errors)) return {};
  const out: FieldErrors = {};
  for (const entry of errors as { code?: unknown; message?: unknown; field?: unknown }[]) {
    if (typeof entry !== 'object' || entry === null || typeof entry.field !== 'string') continue;
    const path = toFieldPath(entry.field);
    if (path === null) continue;
    const message = typeof entry.message === 'string' && entry.message ? entry.message : String(entry.code ?? 'Invalid value');
    out[path] = out[path] ? `${out[path]}; ${message}` : message;
  }
  return out;
}

/** The same `details.errors[]` as codes + values (`params`) per form path: the first problem of each field. */
export function fieldCodesFromDetails(details: Record<string, unknown> | undefined): FieldCodes {
  const errors = details?.errors;
  if (!Array.isArray(errors)) return {};
  const out: FieldCodes = {};
  for (const entry of errors as { code?: unknown; field?: unknown; params?: unknown }[]) {
    if (typeof entry !== 'object' || entry === null || typeof entry.field !== 'string' || typeof entry.code !== 'string') continue;
    const path = toFieldPath(entry.field);
    if (path === null || out[path]) continue;
    out[path] = { code: entry.code, ...(scalarValues(entry.params) ? { values: scalarValues(entry.params) } : {}) };
  }
  return out;
}

function scalarValues(params: unknown): MessageValues | undefined {
  if (!params || typeof params !== 'object') return undefined;
  const out: MessageValues = {};
  for (const [k, v] of Object.entries(params)) if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Zod-shaped nested validation errors (`{ _errors, owner: { legalName: { _errors } } }`) → dotted paths. */
export function flattenValidationTree(errors: unknown, prefix = ''): FieldErrors {
  const out: FieldErrors = {};
  if (!errors || typeof errors !== 'object') return out;
  for (const [key, value] of Object.entries(errors as Record<string, unknown>)) {
    if (key === '_errors') {
      if (Array.isArray(value) && value.length) out[prefix || '_form'] = String(value[0]);
      continue;
    }
    Object.assign(out, flattenValidationTree(value, prefix ? `${prefix}.${key}` : key));
  }
  return out;
}

/**
 * The sentence for a code from the catalogue, else `fallback` (the service's own text for a code the catalogue
 * does not know), else the code itself: no English lives in code. On the server `t` is always there
 * (`errorsTranslator()` falls back to the English catalogue outside a request).
 */
export function sentenceFor(code: string, fallback: string | undefined, t?: Translator, values?: MessageValues): string {
  return t?.(code, values) ?? (fallback ? withPeriod(fallback) : undefined) ?? t?.('INTERNAL') ?? code;
}

function withPeriod(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** Each field problem worded: the catalogue, else the service's own text for that field, else "check this field". */
function wordFields(fields: FieldCodes, t: Translator | undefined, serviceText: FieldErrors = {}): FieldErrors {
  const out: FieldErrors = {};
  for (const [path, p] of Object.entries(fields)) out[path] = t?.(p.code, p.values) ?? serviceText[path] ?? t?.('INVALID_FIELD') ?? p.code;
  for (const [path, text] of Object.entries(serviceText)) out[path] ??= text;
  return out;
}

function serviceSentence(error: ServiceErrorLike, t?: Translator): string {
  const known = t?.(error.code);
  if (known) return known;
  // A 429/5xx's own text is the service's internals (stack traces, hostnames): never shown.
  if (error.status === 429) return sentenceFor('SERVICE_BUSY', undefined, t);
  if (error.status >= 500) return sentenceFor('SERVICE_FAILED', undefined, t);
  // An unknown 4xx: the service's own message names the problem; fields it could not place ride along.
  const fields = Object.entries(error.fieldErrors ?? {});
  const base = (error.message || error.code).trim().replace(/[.\s]+$/, '');
  const fieldText = fields.length > 0 ? ` — ${fields.map(([f, m]) => `${f}: ${m.replace(/[.\s]+$/, '')}`).join('; ')}` : '';
  return `${base}${fieldText}.`;
}

/**
 * The service's status as the console's answer: upstream 401/403 mean the CONSOLE's credentials were refused,
 * not the user's session (answering 401 would look like a sign-out), so they become 502; so does nonsense.
 */
export function consoleStatusFor(serviceStatus: number): number {
  if (serviceStatus === 401 || serviceStatus === 403) return 502;
  if (serviceStatus < 400 || serviceStatus > 599) return 502;
  return serviceStatus;
}

export interface ToFailureOptions {
  /** Catalogue lookup (namespace `errors`). */
  t?: Translator;
  /** Our request id, quoted for unexpected errors. */
  correlationId?: string;
}

export function makeFailure(
  code: string,
  httpStatus: number,
  options: {
    values?: MessageValues;
    fields?: FieldCodes;
    /** The service's own wording (a code the catalogue does not know): sentence and per-field text. */
    serviceText?: { sentence?: string; fieldErrors?: FieldErrors };
    requestId?: string | null;
    t?: Translator;
  } = {},
): Failure {
  const { values, fields = {}, serviceText = {}, t } = options;
  return {
    brand: FAILURE_BRAND,
    code,
    ...(values ? { values } : {}),
    sentence: serviceText.sentence ?? sentenceFor(code, undefined, t, values),
    fieldErrors: wordFields(fields, t, serviceText.fieldErrors),
    fields,
    ...(options.requestId ? { requestId: options.requestId } : {}),
    httpStatus,
  };
}

/** next-safe-action's validation tree, or an already-made Failure, → an INVALID_INPUT Failure. */
export function validationFailure(errors: unknown, t?: Translator): Failure {
  if (isFailure(errors)) return errors;
  // Schema messages are catalogue keys, `key` or `key|{"max":200}` (lib/validation/validation-result.ts).
  const fields: FieldCodes = Object.fromEntries(
    Object.entries(flattenValidationTree(errors)).map(([path, message]) => {
      const { key, values } = parseFieldKey(message);
      return [path, Object.keys(values).length > 0 ? { code: key, values } : { code: key }];
    }),
  );
  return makeFailure('INVALID_INPUT', 400, { fields, t });
}

/**
 * THE place a thrown error becomes a `Failure`. Unknown errors keep nothing of their text (it may hold a stack,
 * a path or a secret): one sentence and the correlation id.
 */
export function toFailure(error: unknown, options: ToFailureOptions = {}): Failure {
  const { t, correlationId } = options;
  if (isFailure(error)) {
    return t ? { ...error, sentence: t(error.code, error.values) ?? error.sentence } : error;
  }
  if (isServiceError(error)) {
    const refused = error.status === 401 || error.status === 403;
    return makeFailure(refused ? 'SERVICE_CREDENTIALS_REFUSED' : error.code, consoleStatusFor(error.status), {
      serviceText: { sentence: refused ? undefined : serviceSentence(error, t), fieldErrors: error.fieldErrors },
      fields: fieldCodesFromDetails(error.details),
      requestId: error.requestId ?? correlationId,
      t,
    });
  }
  if (isDomainError(error)) {
    const made = makeFailure(error.code, error.httpStatus, { values: error.values, fields: error.fields, requestId: error.requestId, t });
    const failure = error.failureDetails ? { ...made, details: error.failureDetails } : made;
    const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    return typeof retryAfter === 'number' ? { ...failure, retryAfterSeconds: retryAfter } : failure;
  }
  return makeFailure('INTERNAL', 500, { requestId: correlationId, t });
}
