// Off unless FLOOR_OTEL is set (`npm run bench:proxy -- --interleave` with a "floor, tracing…" configuration): what
// registering OpenTelemetry costs bare Next, the framework's own share of the console's tracing overhead (issue 29).
// Registered as the console registers it (lib/observability/tracing.ts: @vercel/otel, no fetch instrumentation),
// spans batched to an exporter that keeps nothing (the console's "exporter to memory" keeps the last 1,000).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || !process.env.FLOOR_OTEL) return;
  const { registerOTel } = await import('@vercel/otel');
  let exported = 0;
  registerOTel({
    serviceName: 'bench-floor',
    instrumentations: [],
    traceSampler: process.env.FLOOR_OTEL === 'none sampled' ? 'always_off' : 'always_on',
    traceExporter: {
      export(spans, done) {
        exported += spans.length;
        done({ code: 0 });
      },
      shutdown: async () => console.log(`[floor] spans exported: ${exported}`),
      forceFlush: async () => {},
    },
  });
}
