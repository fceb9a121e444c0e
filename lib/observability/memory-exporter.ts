// OTEL_TRACES_EXPORTER=memory: spans are recorded and batched as with a collector, then kept in this process (the
// last `capacity`, older ones dropped) instead of leaving it. For benchmarks (issue 29 measures tracing's overhead
// "with the exporter to memory", so the collector's and the wire's cost stay out of the figure) and tests
// (lib/observability/tracing.ts `recentSpans()`). Bounded, so an instance left in this mode does not grow.
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';

export class RecentSpansExporter implements SpanExporter {
  private readonly ring: (ReadableSpan | undefined)[];
  private next = 0;
  private total = 0;

  constructor(readonly capacity = 1000) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('capacity must be a positive integer');
    this.ring = new Array(capacity);
  }

  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    for (const span of spans) {
      this.ring[this.next] = span;
      this.next = (this.next + 1) % this.capacity;
    }
    this.total += spans.length;
    done({ code: ExportResultCode.SUCCESS });
  }

  /** The kept spans, oldest first. */
  spans(): ReadableSpan[] {
    const kept = this.total < this.capacity ? this.ring.slice(0, this.total) : [...this.ring.slice(this.next), ...this.ring.slice(0, this.next)];
    return kept as ReadableSpan[];
  }

  /** Spans exported since the start, kept or not. */
  exportedCount(): number {
    return this.total;
  }

  shutdown(): Promise<void> {
    return Promise.resolve();
  }

  forceFlush(): Promise<void> {
    return Promise.resolve();
  }
}
