import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { RecentSpansExporter } from './memory-exporter';

describe('RecentSpansExporter (OTEL_TRACES_EXPORTER=memory)', () => {
  it('keeps the last spans up to its capacity, oldest first, and counts every one', () => {
    const exporter = new RecentSpansExporter(3);
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    const tracer = provider.getTracer('test');
    for (const name of ['a', 'b']) tracer.startSpan(name).end();
    expect(exporter.spans().map((s) => s.name)).toEqual(['a', 'b']);
    for (const name of ['c', 'd', 'e']) tracer.startSpan(name).end();
    expect(exporter.spans().map((s) => s.name)).toEqual(['c', 'd', 'e']);
    expect(exporter.exportedCount()).toBe(5);
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => new RecentSpansExporter(0)).toThrow(RangeError);
    expect(() => new RecentSpansExporter(1.5)).toThrow(RangeError);
  });
});
