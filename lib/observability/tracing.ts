// OpenTelemetry spans. The API is a no-op until a provider is registered: `startTracing` registers @vercel/otel
// only when an OTLP endpoint is configured (off by default), so an instance without a collector pays nothing.
import { SpanStatusCode, trace, type Attributes } from '@opentelemetry/api';
import { readObservabilityConfig } from '@/lib/config/observability';

export const TRACER_NAME = 'console';

const globalForTracing = globalThis as unknown as { __consoleTracing?: boolean };

/**
 * Whether spans are recorded in this process (an SDK was registered). Database statements are only wrapped in
 * spans then (lib/observability/db-spans.ts): with tracing off a statement pays nothing.
 */
export function tracingActive(): boolean {
  return globalForTracing.__consoleTracing === true;
}

/** Marks a tracer provider as registered (startTracing; tests that register their own provider). */
export function setTracingActive(active: boolean): void {
  globalForTracing.__consoleTracing = active;
}

/** Runs `fn` as the active span `name` (children and service calls nest under it); errors mark the span. */
export function withSpan<T>(name: string, attributes: Attributes, fn: () => Promise<T>): Promise<T> {
  return trace.getTracer(TRACER_NAME).startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await fn();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Registers the SDK with an OTLP exporter when OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT is set; returns whether it did. */
export async function startTracing(env: Record<string, string | undefined> = process.env): Promise<boolean> {
  if (!readObservabilityConfig(env).otlpEndpoint) return false;
  const { registerOTel } = await import('@vercel/otel');
  const { ConsoleSampler, samplerFromEnv } = await import('./sampler');
  registerOTel({
    serviceName: env.OTEL_SERVICE_NAME?.trim() || 'payments-fx-console',
    // No fetch instrumentation: every call to the FX service already has its span and one per attempt, with the
    // traceparent (./service-calls.ts); wrapping fetch too doubled the spans and the headers of each call.
    instrumentations: [],
    // Next's plumbing spans are not recorded, then OTEL_TRACES_SAMPLER / OTEL_TRACES_SAMPLER_ARG decide (./sampler.ts).
    traceSampler: new ConsoleSampler(samplerFromEnv(env)),
  });
  setTracingActive(true);
  return true;
}
