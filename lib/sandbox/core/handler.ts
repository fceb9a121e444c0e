import { randomUUID } from 'node:crypto';
import type { TokenService } from './auth';
import { ServiceError } from './errors';
import { PUBLIC_SCOPE, fingerprint, readKey, runIdempotent } from './idempotency';
import { DEFAULT_BODY_LIMITS, decodeUtf8, discardBodyCapped, payloadTooLarge, readBodyCapped, type BodyLimits } from './body';
import { assertStorable, badStringCode, badStringError, depthError, invalidUtf8Error, jsonDepthExceeds } from './input-guard';
import { ListQuery } from './pagination';
import type { ReadCache, DataVersion } from './read-cache';
import type { Router } from './router';
import type { HttpMethod, RequestContext, RouteResult, SandboxServices } from './types';
import { callerRequestId, type SandboxAccessEntry } from './access-log';

export const SUPPORTED_VERSIONS = ['1'] as const;
export { MAX_REQUEST_BYTES } from './body';
const MUTATING: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);
const METHODS: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

export interface HandlerDeps {
  router: Router;
  basePath: string;
  services: SandboxServices;
  tokens: TokenService;
  /** Resolves once migrations ran and the clock is loaded. */
  ready: Promise<void>;
  /** Single-writer mode only: authenticated GET 200 responses served from memory until the next write. */
  readCache?: { cache: ReadCache; version: DataVersion };
  /** Request body cap and time-outs (tests shorten them). */
  bodyLimits?: BodyLimits;
  /** Called once per answered request (core/access-log.ts). */
  accessLog?: (entry: SandboxAccessEntry) => void;
}

/** What the handler needs of a request: a Web `Request` is one; the standalone server passes a lighter one. */
export interface PlainRequest {
  method: string;
  /** Absolute URL. */
  url: string;
  headers: Headers;
  /** The body as it arrives: read here, chunk by chunk, up to the cap (never buffered whole by the mount). */
  body: ReadableStream<Uint8Array> | null;
  /** The caller's network address, when the mount knows it (per-address limits of public helpers). */
  clientAddress?: string | null;
}

/** A response before it becomes a Web `Response` (the standalone server writes it to node:http directly). */
export interface PlainResponse {
  status: number;
  headers: Record<string, string>;
  /** Absent for an empty body. */
  body?: string;
}

function json(status: number, body: unknown, requestId: string, extra: Record<string, string> = {}): PlainResponse {
  return raw(status, body === undefined ? undefined : JSON.stringify(body), requestId, extra);
}

function raw(status: number, body: string | undefined, requestId: string, extra: Record<string, string> = {}): PlainResponse {
  // Every answer of the service is per-customer JSON: never cached by a browser or proxy, never sniffed as HTML.
  const headers: Record<string, string> = {
    'x-request-id': requestId,
    'x-service-version': '1',
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
  };
  for (const [k, v] of Object.entries(extra)) headers[k.toLowerCase()] = v;
  if (body === undefined || status === 204 || status === 202) return { status, headers };
  headers['content-type'] = 'application/json; charset=utf-8';
  return { status, headers, body };
}

export function toWebResponse(r: PlainResponse): Response {
  return new Response(r.body ?? null, { status: r.status, headers: r.headers });
}

function errorResponse(err: ServiceError, requestId: string, extra?: Record<string, string>): PlainResponse {
  return json(err.status, err.toBody(), requestId, extra);
}

function malformed(message: string): ServiceError {
  return new ServiceError(400, 'INVALID_DATA', 'Object contains invalid data', {
    errors: [{ code: 'MALFORMED_BODY', message, field: 'body', params: {} }],
  });
}

async function readBody(req: PlainRequest, limits: BodyLimits): Promise<{ body: unknown; form?: FormData }> {
  const declared = req.headers.get('content-length');
  if (declared !== null && Number(declared) > limits.maxBytes) throw payloadTooLarge(limits.maxBytes, Number(declared));
  const bytes = await readBodyCapped(req.body, limits);
  const type = (req.headers.get('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    let form: FormData;
    try {
      form = await new Response(bytes as BodyInit, { headers: { 'content-type': req.headers.get('content-type')! } }).formData();
    } catch {
      throw malformed('Request body is not valid multipart/form-data');
    }
    // Part names, text parts and file names (the JSON inside the `body` part is checked where it is parsed). The
    // multipart parser decodes text leniently, so U+FFFD in a text part is where its bytes were not UTF-8.
    for (const [name, value] of form.entries()) {
      const badName = badStringCode(name);
      if (badName) throw badStringError(badName, 'body');
      const bad = typeof value === 'string' ? badStringCode(value) : badStringCode(value.name);
      if (bad) throw badStringError(bad, typeof value === 'string' ? `body:${name}` : `body:${name}.filename`);
      if (typeof value === 'string' && value.includes('\uFFFD')) throw invalidUtf8Error(new TextEncoder().encode(value), `body:${name}`);
    }
    return { body: undefined, form };
  }
  const decoded = decodeUtf8(bytes);
  if (decoded === null) throw invalidUtf8Error(bytes);
  const text = decoded.replace(/^\uFEFF/, '');
  if (text.trim() === '') return { body: undefined };
  // Contract: bodies are application/json (the document upload excepted). A body sent as anything else (a form
  // post, text/plain) is refused before it is read as JSON.
  if (!isJsonType(type)) throw unsupportedMediaType(type);
  if (jsonDepthExceeds(text)) throw depthError();
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw malformed('Request body is not valid JSON');
  }
  assertStorable(body, 'body');
  return { body };
}

function isJsonType(type: string): boolean {
  const mime = type.split(';')[0].trim();
  return mime === 'application/json' || (mime.startsWith('application/') && mime.endsWith('+json'));
}

function unsupportedMediaType(type: string): ServiceError {
  return new ServiceError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Request bodies must be sent as application/json', {
    contentType: type.slice(0, 100) || null,
    supported: ['application/json', 'multipart/form-data (POST /api/documents)'],
  });
}

/** Query values and path parameters are strings the database stores or compares: the same rule as the body's. */
function assertStorableRequest(query: URLSearchParams, params: Record<string, string>): void {
  for (const [name, value] of query) {
    const bad = badStringCode(name) ? badStringCode(name) : badStringCode(value);
    if (bad) throw badStringError(bad, badStringCode(name) ? 'query' : `query:${name}`);
  }
  for (const [name, value] of Object.entries(params)) {
    const bad = badStringCode(value);
    if (bad) throw badStringError(bad, `path:${name}`);
  }
}

/** Builds the framework-free handler: `(Request) => Promise<Response>`, or plain objects (`handlePlain`). */
export function createHandler(deps: HandlerDeps): {
  handle(req: Request, info?: { clientAddress?: string | null }): Promise<Response>;
  handlePlain(req: PlainRequest): Promise<PlainResponse>;
} {
  const handlePlain = createPlainHandler(deps);
  return {
    handle: async (req, info) => {
      const plain: PlainRequest = {
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: req.body,
        clientAddress: info?.clientAddress ?? null,
      };
      return toWebResponse(await handlePlain(plain));
    },
    handlePlain,
  };
}

/**
 * A body that was refused (413, 408) is not read on: the connection is closed after the answer. One the route never
 * read (a 401, a 404) is dropped up to the cap before the answer, as the connection's next request needs; past the
 * cap, or stalled, it is cancelled and the connection closed too, so no route makes the mount read on without end.
 */
async function settleBody(req: PlainRequest, res: PlainResponse, limits: BodyLimits): Promise<PlainResponse> {
  const unread = req.body !== null && !req.body.locked;
  if (res.status === 413 || res.status === 408) {
    if (unread) req.body!.cancel().catch(() => undefined);
    res.headers.connection = 'close';
  } else if (unread && !(await discardBodyCapped(req.body!, limits))) {
    res.headers.connection = 'close';
  }
  return res;
}

function createPlainHandler(deps: HandlerDeps): (req: PlainRequest) => Promise<PlainResponse> {
  const inner = createInnerHandler(deps);
  const limits = deps.bodyLimits ?? DEFAULT_BODY_LIMITS;
  return async (req) => settleBody(req, await inner(req), limits);
}

type Note = { requestId: string; route: string; customerId?: string };

function createInnerHandler(deps: HandlerDeps): (req: PlainRequest) => Promise<PlainResponse> {
  const inner = createRoutingHandler(deps);
  const accessLog = deps.accessLog;
  if (!accessLog) return (req) => inner(req, { requestId: randomUUID(), route: '' });
  return async (req) => {
    const started = performance.now();
    const note: Note = { requestId: randomUUID(), route: '(unmatched)' };
    const res = await inner(req, note);
    accessLog({
      requestId: note.requestId,
      callerRequestId: callerRequestId(req.headers.get('x-request-id')),
      method: req.method.toUpperCase().slice(0, 10),
      route: note.route,
      status: res.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      ...(note.customerId ? { customerId: note.customerId } : {}),
    });
    return res;
  };
}

function createRoutingHandler(deps: HandlerDeps): (req: PlainRequest, note: Note) => Promise<PlainResponse> {
  const base = deps.basePath.replace(/\/+$/, '');
  return async function handle(req: PlainRequest, note: Note): Promise<PlainResponse> {
    const requestId = note.requestId;
    try {
      await deps.ready;
      const url = new URL(req.url);
      let path = url.pathname;
      if (base) {
        if (path !== base && !path.startsWith(`${base}/`)) throw routeNotFound(path);
        path = path.slice(base.length) || '/';
      }

      const version = req.headers.get('x-service-version')?.trim();
      if (version && !(SUPPORTED_VERSIONS as readonly string[]).includes(version)) {
        throw new ServiceError(400, 'UNSUPPORTED_SERVICE_VERSION', `Unsupported X-Service-Version '${version.slice(0, 20)}'; supported versions: 1`, {
          requested: version.slice(0, 20),
          supported: [...SUPPORTED_VERSIONS],
        });
      }

      const method = req.method.toUpperCase();
      const match = deps.router.match(method, path);
      if (match.kind === 'not-found' || !METHODS.has(method)) {
        if (match.kind === 'method-not-allowed') {
          throw methodNotAllowed(method, match.allowed);
        }
        throw routeNotFound(path);
      }
      if (match.kind === 'method-not-allowed') throw methodNotAllowed(method, match.allowed);
      const { route, params } = match;
      note.route = route.path;
      const query = new ListQuery(url.search, path);
      assertStorableRequest(query, params);

      const customer = route.auth === 'customer' ? await deps.tokens.authenticate(req.headers.get('authorization')) : null;
      if (customer) note.customerId = customer.id;

      const idempotent = MUTATING.has(method) && route.idempotent !== false;
      const key = idempotent ? readKey(req.headers) : null;
      const { body, form } = MUTATING.has(method) ? await readBody(req, deps.bodyLimits ?? DEFAULT_BODY_LIMITS) : { body: undefined, form: undefined };

      const now = deps.services.clock.now();
      const ctx: RequestContext = {
        method: method as HttpMethod,
        path,
        params,
        query,
        headers: req.headers,
        body,
        form,
        customer,
        requestId,
        clientAddress: req.clientAddress ?? null,
        sql: deps.services.sql,
        now,
        services: deps.services,
      };

      let result: RouteResult;
      if (key) {
        const outcome = await runIdempotent(
          deps.services.sql,
          { scope: customer?.id ?? PUBLIC_SCOPE, key, methodPath: `${method} ${path}`, bodyHash: await fingerprint(body, form), now },
          (tx) => route.handler({ ...ctx, sql: tx }),
        );
        result = outcome.result;
        if (!outcome.replayed) deps.services.wake();
        return raw(result.status, outcome.bodyText, requestId, result.headers);
      } else if (method === 'GET' && customer && deps.readCache) {
        const { cache, version } = deps.readCache;
        const cacheKey = `${customer.id} ${path}${url.search}`;
        const hit = cache.get(cacheKey);
        if (hit) return raw(hit.status, hit.body, requestId, hit.headers);
        const at = version.value;
        result = await route.handler(ctx);
        if (result.status === 200 && result.body !== undefined) {
          const body = JSON.stringify(result.body);
          cache.set(cacheKey, at, { status: result.status, body, headers: result.headers ?? {} });
          return raw(result.status, body, requestId, result.headers);
        }
      } else {
        result = await route.handler(ctx);
        if (method !== 'GET') deps.services.wake();
      }
      return json(result.status, result.body, requestId, result.headers);
    } catch (err) {
      if (err instanceof ServiceError) {
        const extra: Record<string, string> = {};
        if (err.status === 405 && Array.isArray(err.details.allowed)) extra.Allow = (err.details.allowed as string[]).join(', ');
        if (err.status === 429 && typeof err.details.retryAfterSeconds === 'number') extra['Retry-After'] = String(err.details.retryAfterSeconds);
        return errorResponse(err, requestId, extra);
      }
      // Only the message reaches the log, never the stack or the request body.
      console.error(`[sandbox] ${requestId} unhandled: ${err instanceof Error ? err.message : String(err)}`);
      return json(500, { code: 'INTERNAL_ERROR', message: 'Internal error', details: { requestId } }, requestId);
    }
  };
}

function routeNotFound(path: string): ServiceError {
  return new ServiceError(404, 'ROUTE_NOT_FOUND', `No route for ${path.slice(0, 200)}`, { path: path.slice(0, 200) });
}

function methodNotAllowed(method: string, allowed: string[]): ServiceError {
  return new ServiceError(405, 'METHOD_NOT_ALLOWED', `Method ${method.slice(0, 10)} not allowed`, { allowed });
}
