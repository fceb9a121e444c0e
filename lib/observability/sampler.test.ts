import { ROOT_CONTEXT, SpanKind, TraceFlags, context, trace } from '@opentelemetry/api';
import {
  AlwaysOnSampler,
  BasicTracerProvider,
  InMemorySpanExporter,
  ParentBasedSampler,
  SamplingDecision,
  SimpleSpanProcessor,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { ConsoleSampler, FRAMEWORK_PLUMBING_SPANS, TraceSamplerConfigError, samplerFromEnv } from './sampler';

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';

function decide(sampler: ConsoleSampler, ctx = ROOT_CONTEXT, attributes: Record<string, string> = {}) {
  return sampler.shouldSample(ctx, TRACE_ID, 'span', SpanKind.INTERNAL, attributes, []).decision;
}

describe('ConsoleSampler', () => {
  it("records none of Next's plumbing spans, whatever the sampler behind it says", () => {
    const sampler = new ConsoleSampler(new AlwaysOnSampler());
    for (const type of FRAMEWORK_PLUMBING_SPANS) {
      expect(decide(sampler, ROOT_CONTEXT, { 'next.span_type': type })).toBe(SamplingDecision.NOT_RECORD);
    }
    // The request's span, the route handler's, the render's: the sampler behind it decides.
    for (const type of ['BaseServer.handleRequest', 'AppRouteRouteHandlers.runHandler', 'AppRender.getBodyResult']) {
      expect(decide(sampler, ROOT_CONTEXT, { 'next.span_type': type })).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    }
    expect(decide(sampler)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
  });

  it('records nothing under a span of this process that is not recorded, even with always_on behind it', () => {
    const sampler = new ConsoleSampler(new AlwaysOnSampler());
    const local = trace.wrapSpanContext({ traceId: TRACE_ID, spanId: 'b7ad6b7169203331', traceFlags: TraceFlags.NONE });
    expect(decide(sampler, trace.setSpan(ROOT_CONTEXT, local))).toBe(SamplingDecision.NOT_RECORD);
    // A caller's unsampled trace context (remote) is the sampler's to weigh: always_on records it.
    const remote = trace.wrapSpanContext({ traceId: TRACE_ID, spanId: 'b7ad6b7169203331', traceFlags: TraceFlags.NONE, isRemote: true });
    expect(decide(sampler, trace.setSpan(ROOT_CONTEXT, remote))).toBe(SamplingDecision.RECORD_AND_SAMPLED);
  });

  it('keeps one connected trace: the request, the handler and our spans, without the plumbing or anything under it', () => {
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({ sampler: new ConsoleSampler(new AlwaysOnSampler()), spanProcessors: [new SimpleSpanProcessor(exporter)] });
    const tracer = provider.getTracer('test');
    const request = tracer.startSpan('GET /api/accounts/[accountId]', { attributes: { 'next.span_type': 'BaseServer.handleRequest' } });
    const inRequest = trace.setSpan(context.active(), request);
    const plumbing = tracer.startSpan('resolve page components', { attributes: { 'next.span_type': 'NextNodeServer.findPageComponents' } }, inRequest);
    tracer.startSpan('load route module', { attributes: { 'next.span_type': 'LoadComponents.loadRouteModule' } }, trace.setSpan(inRequest, plumbing)).end();
    tracer.startSpan('anything under the plumbing', {}, trace.setSpan(inRequest, plumbing)).end();
    plumbing.end();
    const handler = tracer.startSpan('executing api route', { attributes: { 'next.span_type': 'AppRouteRouteHandlers.runHandler' } }, inRequest);
    tracer.startSpan('service GET /api/accounts/[id]', {}, trace.setSpan(inRequest, handler)).end();
    handler.end();
    request.end();

    const spans = exporter.getFinishedSpans();
    expect(spans.map((s) => s.name).sort()).toEqual(['GET /api/accounts/[accountId]', 'executing api route', 'service GET /api/accounts/[id]']);
    const byName = new Map(spans.map((s) => [s.name, s]));
    expect(byName.get('executing api route')!.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
    expect(byName.get('service GET /api/accounts/[id]')!.parentSpanContext?.spanId).toBe(handler.spanContext().spanId);
    expect(new Set(spans.map((s) => s.spanContext().traceId)).size).toBe(1);
  });
});

describe('samplerFromEnv', () => {
  it('defaults to parentbased_always_on and reads the standard names and ratio', () => {
    expect(samplerFromEnv({}).toString()).toBe(new ParentBasedSampler({ root: new AlwaysOnSampler() }).toString());
    expect(samplerFromEnv({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' }).toString()).toBe(
      new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(0.1) }).toString(),
    );
    expect(samplerFromEnv({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.25' }).toString()).toBe(new TraceIdRatioBasedSampler(0.25).toString());
    expect(samplerFromEnv({ OTEL_TRACES_SAMPLER: ' Always_Off ' }).toString()).toBe('AlwaysOffSampler');
    expect(samplerFromEnv({ OTEL_TRACES_SAMPLER: 'always_on' }).toString()).toBe('AlwaysOnSampler');
  });

  it('refuses a name or ratio it does not know, naming the variable', () => {
    expect(() => samplerFromEnv({ OTEL_TRACES_SAMPLER: 'sometimes' })).toThrow(TraceSamplerConfigError);
    expect(() => samplerFromEnv({ OTEL_TRACES_SAMPLER: 'sometimes' })).toThrow(/OTEL_TRACES_SAMPLER/);
    expect(() => samplerFromEnv({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '1.5' })).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
    expect(() => samplerFromEnv({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: 'half' })).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
  });
});
