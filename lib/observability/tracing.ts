// OpenTelemetry spans. The API is a no-op until a provider is registered: `startTracing` registers @vercel/otel
// only when an OTLP endpoint (or the in-memory exporter) is configured (off by default), so an instance without a
// collector pays nothing.
import { SpanStatusCode, trace, type Attributes } from '@opentelemetry/api';
import { readObservabilityConfig } from '@/lib/config/observability';

export const TRACER_NAME = 'console';

const globalForTracing = globalThis as unknown as { __consoleTracing?: boolean; __consoleRecentSpans?: import('./memory-exporter').RecentSpansExporter };

/** With OTEL_TRACES_EXPORTER=memory, the exporter keeping this process's recent spans (else undefined). */
export function recentSpans(): import('./memory-exporter').RecentSpansExporter | undefined {
  return globalForTracing.__consoleRecentSpans;
}

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

/**
 * Registers the SDK when spans have somewhere to go: OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT with the default `otlp`
 * exporter, or OTEL_TRACES_EXPORTER=memory (./memory-exporter.ts). Returns whether it did.
 */
export async function startTracing(env: Record<string, string | undefined> = process.env): Promise<boolean> {
  const config = readObservabilityConfig(env);
  const toMemory = config.tracesExporter === 'memory';
  if (!toMemory && (config.tracesExporter === 'none' || !config.otlpEndpoint)) return false;
  const { registerOTel } = await import('@vercel/otel');
  const { ConsoleSampler, samplerFromEnv } = await import('./sampler');
  const { RecentSpansExporter } = await import('./memory-exporter');
  if (toMemory) globalForTracing.__consoleRecentSpans = new RecentSpansExporter();
  registerOTel({
    serviceName: env.OTEL_SERVICE_NAME?.trim() || 'payments-fx-console',
    // No fetch instrumentation: every call to the FX service already has its span and one per attempt, with the
    // traceparent (./service-calls.ts); wrapping fetch too doubled the spans and the headers of each call.
    instrumentations: [],
    // Next's plumbing spans are not recorded, then OTEL_TRACES_SAMPLER / OTEL_TRACES_SAMPLER_ARG decide (./sampler.ts).
    traceSampler: new ConsoleSampler(samplerFromEnv(env)),
    // 'auto': @vercel/otel's OTLP exporter from the OTEL_EXPORTER_OTLP_* variables, batched.
    traceExporter: globalForTracing.__consoleRecentSpans ?? 'auto',
  });
  setTracingActive(true);
  return true;
}
