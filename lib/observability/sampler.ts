// Which spans a traced console records. With a tracer registered, Next makes eight spans for one authenticated read;
// four of them are its own plumbing — resolving and loading the route's module, preparing it, starting the
// response — leaves under the request's span with nothing of ours below them (measured: `npm run bench:proxy --
// --alternate …` prints every span's parent). They were half of what each read recorded and exported, so they are
// not recorded; the request, the route handler or render, every action, service call and attempt, database
// statement and job still are. Then the sampler chosen by OTEL_TRACES_SAMPLER / OTEL_TRACES_SAMPLER_ARG decides.
import { trace, type Attributes, type Context, type Link, type SpanKind } from '@opentelemetry/api';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  ParentBasedSampler,
  SamplingDecision,
  TraceIdRatioBasedSampler,
  type Sampler,
  type SamplingResult,
} from '@opentelemetry/sdk-trace-base';

/** Next's span types (its `next.span_type` attribute) of its own plumbing: no span of ours is ever under them. */
export const FRAMEWORK_PLUMBING_SPANS: ReadonlySet<string> = new Set([
  'NextNodeServer.findPageComponents',
  'LoadComponents.loadRouteModule',
  'RouteModule.prepare',
  'NextNodeServer.startResponse',
]);

export class ConsoleSampler implements Sampler {
  constructor(private readonly delegate: Sampler) {}

  shouldSample(ctx: Context, traceId: string, name: string, kind: SpanKind, attributes: Attributes, links: Link[]): SamplingResult {
    const type = attributes['next.span_type'];
    if (typeof type === 'string' && FRAMEWORK_PLUMBING_SPANS.has(type)) return { decision: SamplingDecision.NOT_RECORD };
    // Under a span of this process that is not recorded, nothing is: a recorded child would name a parent no
    // collector ever receives (whatever OTEL_TRACES_SAMPLER says; `always_on` would otherwise record it).
    const parent = trace.getSpan(ctx);
    if (parent && !parent.spanContext().isRemote && !parent.isRecording()) return { decision: SamplingDecision.NOT_RECORD };
    return this.delegate.shouldSample(ctx, traceId, name, kind, attributes, links);
  }

  toString(): string {
    return `ConsoleSampler{${this.delegate.toString()}}`;
  }
}

export class TraceSamplerConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TraceSamplerConfigError';
  }
}

const SAMPLER_NAMES = ['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio'];

/**
 * The sampler OTEL_TRACES_SAMPLER names (the OpenTelemetry SDK's values; default `parentbased_always_on`), with
 * OTEL_TRACES_SAMPLER_ARG the ratio of the `traceidratio` ones (0 to 1, default 1).
 */
export function samplerFromEnv(env: Record<string, string | undefined>): Sampler {
  const name = env.OTEL_TRACES_SAMPLER?.trim().toLowerCase() || 'parentbased_always_on';
  if (!SAMPLER_NAMES.includes(name)) throw new TraceSamplerConfigError(`OTEL_TRACES_SAMPLER — expected one of ${SAMPLER_NAMES.join(', ')}`);
  const argRaw = env.OTEL_TRACES_SAMPLER_ARG?.trim();
  const ratio = argRaw ? Number(argRaw) : 1;
  if (name.endsWith('traceidratio') && !(Number.isFinite(ratio) && ratio >= 0 && ratio <= 1)) {
    throw new TraceSamplerConfigError('OTEL_TRACES_SAMPLER_ARG — expected a ratio from 0 to 1');
  }
  const root = name.endsWith('always_off') ? new AlwaysOffSampler() : name.endsWith('traceidratio') ? new TraceIdRatioBasedSampler(ratio) : new AlwaysOnSampler();
  return name.startsWith('parentbased_') ? new ParentBasedSampler({ root }) : root;
}
