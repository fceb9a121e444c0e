// Which request (or background job step) the running code serves. Set for every HTTP request by the hook in
// ./http-hook.ts before Next sees it, explicitly by the safe-action chain and the route guard, and by the
// background loops for each step; read by the logger, the service client (X-Request-Id) and audit rows.
import { AsyncLocalStorage } from 'node:async_hooks';

export type RequestContext = {
  requestId: string;
  /** Filled in once known (session checked): the console user's id, never the e-mail. */
  userId?: string;
  /** The action's name (`payouts.approve`) or a job's (`payouts.sweep`). */
  operation?: string;
};

const globalForContext = globalThis as unknown as {
  __consoleRequestContext?: AsyncLocalStorage<RequestContext>;
  __consoleRequestsById?: Map<string, RequestContext>;
};

/** One store per process, whatever bundle (Next route graph) imports this module. */
export function contextStorage(): AsyncLocalStorage<RequestContext> {
  return (globalForContext.__consoleRequestContext ??= new AsyncLocalStorage<RequestContext>());
}

/** Requests in flight by id, so an annotation reaches the access log line even across a lost async context. */
export function requestsInFlight(): Map<string, RequestContext> {
  return (globalForContext.__consoleRequestsById ??= new Map());
}

export function currentRequestContext(): RequestContext | undefined {
  return contextStorage().getStore();
}

export function currentRequestId(): string | undefined {
  return contextStorage().getStore()?.requestId;
}

/** Runs `fn` inside `context` (actions, route handlers, each background job step). */
export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return contextStorage().run(context, fn);
}

/** Adds what became known (the user, the action) to the request `requestId`'s context and its access log line. */
export function annotateRequest(requestId: string | undefined, fields: Omit<Partial<RequestContext>, 'requestId'>): void {
  const current = currentRequestContext();
  if (current && (!requestId || current.requestId === requestId)) Object.assign(current, fields);
  const inFlight = requestId ? requestsInFlight().get(requestId) : undefined;
  if (inFlight && inFlight !== current) Object.assign(inFlight, fields);
}
