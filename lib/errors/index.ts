/**
 * The console's one failure shape, client-safe (no server imports): server actions, route handlers, pages and
 * forms all speak `Failure`. `toFailure()` is the only place that turns a thrown error (the wire client's
 * `ApiError`, a `DomainError`, a validation tree, anything unexpected) into one.
 *
 * Errors are recognised by a `brand` string property, never by `instanceof`: Next bundles a module once per
 * route/action/instrumentation graph, and the process-wide API client (kept on globalThis) throws instances of
 * whichever copy of the class built it, so `instanceof` fails across bundles.
 */

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
 * English sentence per known code, until the catalogue (`messages/<locale>/errors.json`) has them. Status-based
 * keys (`SERVICE_BUSY`, `SERVICE_FAILED`) cover 429/5xx answers, whose own text must not reach the user.
 */
export const ERROR_SENTENCES: Readonly<Record<string, string>> = {
  // Transport and console codes.
  TOKEN_UNAVAILABLE: 'The console could not sign in to the payments service. Please try again in a moment.',
  SERVICE_UNREACHABLE: 'The payments service could not be reached. Nothing was lost: retrying is safe.',
  CIRCUIT_OPEN: 'The payments service is unavailable right now, so nothing was sent. Please try again in a few seconds.',
  TIMEOUT: 'The payments service did not answer in time. Retrying is safe: it will not be done twice.',
  ABORTED: 'The request was cancelled.',
  INVALID_RESPONSE: 'The payments service sent a response the console could not read.',
  IDEMPOTENCY_KEY_REQUIRED: 'The console could not send this request safely. Please reload the page and try again.',
  SERVICE_BUSY: 'The payments service is busy. Please try again in a moment.',
  SERVICE_FAILED: 'The payments service had a problem. Please try again in a moment.',
  SERVICE_CREDENTIALS_REFUSED: 'The payments service refused the console’s credentials. Ask an admin to check them.',
  INTERNAL: 'Something went wrong on our side. Please try again.',
  NO_RESPONSE: 'The server did not answer. Check your connection and try again.',
  UNAUTHENTICATED: 'Sign in to continue.',
  PASSWORD_CHANGE_REQUIRED: 'Change your password to continue.',
  FORBIDDEN: 'Your role does not allow this.',
  INVALID_INPUT: 'Some fields need attention.',
  INVALID_QUERY: 'The list parameters are not valid.',
  // The service's codes (contract and sandbox).
  RESOURCE_NOT_FOUND: 'Nothing was found with this id. It may not exist or may belong to another company.',
  INVALID_DATA: 'Some fields need attention.',
  INVALID_FILTER_FORMAT: 'The filter is not valid.',
  INVALID_CURSOR: 'This page link is no longer valid. Go back to the first page.',
  IDEMPOTENCY_CONFLICT: 'This request was already sent with different details. Reload the page and try again.',
  QUOTE_EXPIRED: 'The quote has expired. Get a new quote.',
  QUOTE_ALREADY_CONSUMED: 'This quote was already used. Get a new quote.',
  INSUFFICIENT_BALANCE: 'The balance is not enough for this operation.',
  ACCOUNT_NOT_ACTIVE: 'The account is not active yet.',
  ACCOUNT_NOT_MODIFIABLE: 'The account cannot be changed in its current state.',
  INVALID_STATUS_CHANGE: 'This cannot be done in the current state.',
  FILE_TOO_LARGE: 'The file is too large.',
  UNSUPPORTED_FILE_TYPE: 'This type of file is not accepted.',
  EMPTY_FILE: 'The file is empty.',
  // Console domain codes (team, passwords).
  NOT_FOUND: 'That item no longer exists.',
  EMAIL_TAKEN: 'A user with this e-mail already exists.',
  LAST_ADMIN: 'This is the last active admin. Make someone else an admin first.',
  SELF_DISABLE: 'You cannot disable your own account.',
  WRONG_PASSWORD: 'The current password is not correct.',
  WEAK_PASSWORD: 'Choose a stronger password.',
  SAME_PASSWORD: 'Choose a password different from the current one.',
};

/** A rule broken in the console's own logic (team, passwords, …): code, English message, field errors. */
export class DomainError extends Error {
  readonly brand = DOMAIN_ERROR_BRAND;
  readonly fieldErrors: FieldErrors;
  constructor(
    readonly code: string,
    message: string,
    fieldErrors: FieldErrors = {},
    readonly httpStatus = 400,
  ) {
    super(message);
    this.name = 'DomainError';
    this.fieldErrors = fieldErrors;
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

function withPeriod(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** The sentence for a code: the catalogue, else the English table, else the given fallback. */
export function sentenceFor(code: string, fallback: string, t?: Translator, values?: Record<string, string | number>): string {
  return t?.(code, values) ?? ERROR_SENTENCES[code] ?? withPeriod(fallback);
}

function serviceSentence(error: ServiceErrorLike, t?: Translator): string {
  const known = t?.(error.code) ?? ERROR_SENTENCES[error.code];
  if (known) return known;
  // A 429/5xx's own text is the service's internals (stack traces, hostnames): never shown.
  if (error.status === 429) return sentenceFor('SERVICE_BUSY', '', t);
  if (error.status >= 500) return sentenceFor('SERVICE_FAILED', '', t);
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
  options: { sentence?: string; fieldErrors?: FieldErrors; requestId?: string | null; t?: Translator } = {},
): Failure {
  return {
    brand: FAILURE_BRAND,
    code,
    sentence: options.sentence ?? sentenceFor(code, ERROR_SENTENCES.INTERNAL, options.t),
    fieldErrors: options.fieldErrors ?? {},
    ...(options.requestId ? { requestId: options.requestId } : {}),
    httpStatus,
  };
}

/** next-safe-action's validation tree, or an already-made Failure, → an INVALID_INPUT Failure. */
export function validationFailure(errors: unknown, t?: Translator): Failure {
  if (isFailure(errors)) return errors;
  return makeFailure('INVALID_INPUT', 400, { fieldErrors: flattenValidationTree(errors), t });
}

/**
 * THE place a thrown error becomes a `Failure`. Unknown errors keep nothing of their text (it may hold a stack,
 * a path or a secret): one sentence and the correlation id.
 */
export function toFailure(error: unknown, options: ToFailureOptions = {}): Failure {
  const { t, correlationId } = options;
  if (isFailure(error)) {
    return t ? { ...error, sentence: serviceSentenceOrKeep(error, t) } : error;
  }
  if (isServiceError(error)) {
    return makeFailure(error.code, consoleStatusFor(error.status), {
      sentence: error.status === 401 || error.status === 403 ? sentenceFor('SERVICE_CREDENTIALS_REFUSED', '', t) : serviceSentence(error, t),
      fieldErrors: error.fieldErrors ?? {},
      requestId: error.requestId ?? correlationId,
    });
  }
  if (isDomainError(error)) {
    const failure = makeFailure(error.code, error.httpStatus, {
      sentence: t?.(error.code) ?? withPeriod(error.message),
      fieldErrors: error.fieldErrors,
    });
    const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    return typeof retryAfter === 'number' ? { ...failure, retryAfterSeconds: retryAfter } : failure;
  }
  return makeFailure('INTERNAL', 500, { requestId: correlationId, t });
}

function serviceSentenceOrKeep(failure: Failure, t: Translator): string {
  return t(failure.code) ?? failure.sentence;
}

/** One sentence for a toast or alert: the sentence plus the reference to quote when there is one. */
export function failureSentence(failure: Failure): string {
  const ref = failure.requestId;
  return ref && !failure.sentence.includes(ref) ? `${failure.sentence} (reference ${ref})` : failure.sentence;
}

/** The message for one form field (dotted path), if the failure has one. */
export function fieldError(failure: Failure | null | undefined, field: string): string | undefined {
  return failure?.fieldErrors[field];
}
