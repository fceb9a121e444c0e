// OpenTelemetry spans. The API is a no-op until a provider is registered: `startTracing` registers @vercel/otel
// only when an OTLP endpoint is configured (off by default), so an instance without a collector pays nothing.
import { SpanStatusCode, trace, type Attributes } from '@opentelemetry/api';
import { readObservabilityConfig } from '@/lib/config/observability';

export const TRACER_NAME = 'console';

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
  registerOTel({ serviceName: env.OTEL_SERVICE_NAME?.trim() || 'payments-fx-console' });
  return true;
}
