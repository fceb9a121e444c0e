// One request id and one access log line per HTTP request, for every path Next serves (pages, actions, route
// handlers inside and outside proxy.ts's matcher), from Node's `http.server.request.start` diagnostics channel:
// it runs before Next reads the request, like the peer-address hook next to it (lib/security/peer-address-hook.ts).
import { randomUUID } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse, Server } from 'node:http';
import { chooseRequestId } from '@/lib/domain/observability/request-id';
import { methodLabel, routeTemplate } from '@/lib/domain/observability/route-template';
import { log } from './logger';
import { httpMetrics } from './metrics';
import { contextStorage, requestsInFlight, type RequestContext } from './request-context';
import { noteServer } from './shutdown';

export const REQUEST_ID_HEADER = 'x-request-id';

type RequestStart = { request: IncomingMessage; response: ServerResponse; server?: Server };

const globalForHook = globalThis as unknown as { __consoleHttpHook?: boolean };

/** Paths that log and count themselves or are noise: the embedded service (it logs its own lines), static files. */
function untracked(url: string): boolean {
  return url.startsWith('/sandbox/') || url === '/sandbox' || url.startsWith('/_next/static/');
}

/**
 * Gives the request its id (`X-Request-Id` on the request, for Next's code, and on the answer), enters its
 * context for everything Next runs for it, and on close writes one line: method, route template, status, duration,
 * user id and action when known, the request id. Never the query, a header or a body.
 */
export function onRequestStart({ request, response, server }: RequestStart, hops: number): void {
  const url = request.url ?? '/';
  if (server) noteServer(server);
  if (untracked(url)) {
    // No request context of an earlier request on this keep-alive connection may follow this one.
    contextStorage().enterWith(undefined as unknown as RequestContext);
    return;
  }
  const started = process.hrtime.bigint();
  const requestId = chooseRequestId(request.headers[REQUEST_ID_HEADER], hops, randomUUID);
  request.headers[REQUEST_ID_HEADER] = requestId;
  if (!response.headersSent) response.setHeader('X-Request-Id', requestId);
  const context: RequestContext = { requestId };
  requestsInFlight().set(requestId, context);
  // Everything Next does for this request runs in continuations of this synchronous call.
  contextStorage().enterWith(context);
  const method = methodLabel(request.method);
  const route = routeTemplate(url);
  const inFlight = httpMetrics()?.inFlight;
  inFlight?.inc();
  response.once('close', () => {
    requestsInFlight().delete(requestId);
    inFlight?.dec();
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const status = response.writableFinished ? response.statusCode : 499;
    httpMetrics()?.duration.observe({ method, route, status: String(status) }, seconds);
    log().info(
      {
        kind: 'http',
        requestId,
        method,
        route,
        status,
        durationMs: Math.round(seconds * 10_000) / 10,
        ...(context.userId ? { userId: context.userId } : {}),
        ...(context.operation ? { action: context.operation } : {}),
      },
      'request',
    );
  });
}

/** `hops`: TRUSTED_PROXY_HOPS — only behind a trusted proxy is an incoming X-Request-Id kept. */
export function installHttpObservability(hops: number): void {
  if (globalForHook.__consoleHttpHook) return;
  globalForHook.__consoleHttpHook = true;
  diagnostics.subscribe('http.server.request.start', (message) => onRequestStart(message as RequestStart, hops));
}
