/**
 * OTEL_TRACES_EXPORTER=memory registers the same SDK set-up as a collector would get (@vercel/otel, the console's
 * sampler, a batch processor) and keeps the spans in the process. Its own file: it registers the global provider.
 */
import { trace } from '@opentelemetry/api';
import { afterAll, describe, expect, it } from 'vitest';
import { recentSpans, setTracingActive, startTracing, tracingActive, withSpan } from './tracing';

afterAll(() => {
  delete process.env.OTEL_BSP_SCHEDULE_DELAY;
  trace.disable();
  setTracingActive(false);
});

describe('startTracing with OTEL_TRACES_EXPORTER=memory', () => {
  it('stays off with neither an endpoint nor the memory exporter, and with `none`', async () => {
    expect(await startTracing({})).toBe(false);
    expect(await startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
    expect(tracingActive()).toBe(false);
  });

  it('records spans, nested, into the in-process exporter', async () => {
    // The batch processor reads its delay from process.env itself (default 5 s).
    process.env.OTEL_BSP_SCHEDULE_DELAY = '50';
    expect(await startTracing({ OTEL_TRACES_EXPORTER: 'memory' })).toBe(true);
    expect(tracingActive()).toBe(true);
    await withSpan('action payouts.approve', { 'console.test': true }, () => withSpan('service GET /api/accounts/[id]', {}, async () => 'ok'));
    const exporter = recentSpans();
    expect(exporter).toBeDefined();
    await expect.poll(() => exporter!.spans().map((s) => s.name), { timeout: 5_000 }).toEqual(['service GET /api/accounts/[id]', 'action payouts.approve']);
    const [child, parent] = exporter!.spans();
    expect(child.spanContext().traceId).toBe(parent.spanContext().traceId);
    expect(child.parentSpanContext?.spanId).toBe(parent.spanContext().spanId);
  });
});
