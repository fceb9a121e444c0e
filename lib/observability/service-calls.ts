// One call to the FX service (retries included), seen from outside lib/api: a log line, the duration and error
// metrics by endpoint template, and a span with one child per attempt, whose context travels to the service as
// `traceparent`.
import { createHash } from 'node:crypto';
import { SpanStatusCode, context, propagation, trace } from '@opentelemetry/api';
import { routeTemplate } from '@/lib/domain/observability/route-template';
import { log } from './logger';
import { metrics } from './metrics';
import { currentRequestId } from './request-context';

export type ServiceCallStart = { method: string; path: string; idempotencyKey?: string };
export type ServiceCallEnd = { status: number; attempts: number; code?: string; serviceRequestId?: string; circuitOpen: boolean };

/** The idempotency key identifies a user intent; its hash correlates log lines without repeating it. */
export function keyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 12);
}

export function observeServiceCall(start: ServiceCallStart) {
  const began = performance.now();
  const endpoint = routeTemplate(start.path);
  const requestId = currentRequestId();
  const span = trace.getTracer('console').startSpan(`service ${start.method} ${endpoint}`, {
    attributes: { 'http.request.method': start.method, 'url.template': endpoint, 'console.request_id': requestId ?? '' },
  });
  const callContext = trace.setSpan(context.active(), span);
  // The attempt running now: its span is the parent the service sees in `traceparent`.
  let attemptContext = callContext;
  return {
    /** Headers every attempt carries: the console's request id and the W3C trace context of this attempt. */
    headers(): Record<string, string> {
      const carrier: Record<string, string> = {};
      if (requestId) carrier['X-Request-Id'] = requestId;
      propagation.inject(attemptContext, carrier);
      return carrier;
    },
    /**
     * Runs attempt `n` (0 = the first try) as a child span of the call; `failure` names why an attempt that
     * returned (rather than threw) will be retried, so a retried attempt is marked failed in the trace.
     */
    async attempt<T>(n: number, run: () => Promise<T>, failure?: (result: T) => string | undefined): Promise<T> {
      const attemptSpan = trace.getTracer('console').startSpan(
        `service attempt ${n + 1}`,
        { attributes: { 'http.request.resend_count': n, 'url.template': endpoint } },
        callContext,
      );
      attemptContext = trace.setSpan(callContext, attemptSpan);
      try {
        const result = await context.with(attemptContext, run);
        const reason = failure?.(result);
        if (reason) attemptSpan.setStatus({ code: SpanStatusCode.ERROR, message: reason });
        return result;
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        attemptSpan.setStatus({ code: SpanStatusCode.ERROR, message: typeof code === 'string' ? code : 'error' });
        throw error;
      } finally {
        attemptSpan.end();
      }
    },
    retried(): void {
      span.addEvent('retry');
      metrics()?.service.retries.inc({ method: start.method, endpoint });
    },
    done(end: ServiceCallEnd): void {
      const seconds = (performance.now() - began) / 1000;
      const m = metrics();
      if (m) {
        m.service.duration.observe({ method: start.method, endpoint, status: String(end.status) }, seconds);
        if (end.code) m.service.errors.inc({ method: start.method, endpoint, code: end.code.slice(0, 40) });
        m.service.circuitOpen.set(end.circuitOpen ? 1 : 0);
      }
      span.setAttribute('http.response.status_code', end.status);
      span.setAttribute('console.attempts', end.attempts);
      if (end.code) span.setStatus({ code: SpanStatusCode.ERROR, message: end.code });
      span.end();
      const fields = {
        kind: 'service',
        method: start.method,
        endpoint,
        status: end.status,
        durationMs: Math.round(seconds * 10_000) / 10,
        attempts: end.attempts,
        ...(start.idempotencyKey ? { idempotencyKeyHash: keyHash(start.idempotencyKey) } : {}),
        ...(end.code ? { code: end.code } : {}),
        ...(end.serviceRequestId ? { serviceRequestId: end.serviceRequestId } : {}),
      };
      if (end.code && end.status >= 500) log().warn(fields, 'service call failed');
      else log().info(fields, 'service call');
    },
  };
}
