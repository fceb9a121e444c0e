import { describe, expect, it } from 'vitest';
import { parseCoolOffHours } from './approver-cool-off';
import { parseControlChangeDelayHours } from './control-change-delay';
import { readObservabilityConfig } from './observability';
import { parseStuckThresholds } from './operations-stuck';

describe('OPERATIONS_STUCK_MINUTES', () => {
  it('one number for every type, or minutes per type; anything malformed refused', () => {
    expect(parseStuckThresholds('WITHDRAWAL=60, swap=5')).toEqual({ ok: true, value: { default: 10, WITHDRAWAL: 60, SWAP: 5 } });
    expect(parseStuckThresholds('15')).toEqual({ ok: true, value: { default: 15 } });
    expect(parseStuckThresholds(undefined)).toEqual({ ok: true, value: { default: 10 } });
    expect(parseStuckThresholds('SWAP=abc').ok).toBe(false);
    expect(parseStuckThresholds('NOPE=5').ok).toBe(false);
    expect(parseStuckThresholds('0').ok).toBe(false);
  });
});

describe('APPROVER_COOL_OFF_HOURS', () => {
  it('24 by default, whole hours 0-720, anything else malformed', () => {
    expect(parseCoolOffHours(undefined)).toBe(24);
    expect(parseCoolOffHours(' 48 ')).toBe(48);
    expect(parseCoolOffHours('0')).toBe(0);
    expect(parseCoolOffHours('721')).toBeNull();
    expect(parseCoolOffHours('1.5')).toBeNull();
    expect(parseCoolOffHours('-1')).toBeNull();
  });
});

describe('CONTROL_CHANGE_DELAY_HOURS', () => {
  it('1-720, default 24', () => {
    expect(parseControlChangeDelayHours(undefined)).toBe(24);
    expect(parseControlChangeDelayHours(' 48 ')).toBe(48);
    expect(parseControlChangeDelayHours('0')).toBeNull();
    expect(parseControlChangeDelayHours('721')).toBeNull();
    expect(parseControlChangeDelayHours('2h')).toBeNull();
  });
});

describe('observability config', () => {
  it('has quiet, safe defaults', () => {
    expect(readObservabilityConfig({})).toEqual({ logLevel: 'info', logFormat: 'json', metricsToken: undefined, metricsPort: undefined, otlpEndpoint: undefined, tracesExporter: 'otlp', shutdownDeadlineMs: 10_000 });
  });
  it('names the variable it refuses', () => {
    expect(() => readObservabilityConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => readObservabilityConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
    expect(() => readObservabilityConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => readObservabilityConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => readObservabilityConfig({ METRICS_PORT: '91a' })).toThrow(/METRICS_PORT/);
    expect(readObservabilityConfig({ METRICS_PORT: ' 9464 ' }).metricsPort).toBe(9464);
    expect(() => readObservabilityConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
    expect(() => readObservabilityConfig({ SHUTDOWN_DEADLINE_MS: '-1' })).toThrow(/SHUTDOWN_DEADLINE_MS/);
    expect(() => readObservabilityConfig({ OTEL_TRACES_EXPORTER: 'zipkin' })).toThrow(/OTEL_TRACES_EXPORTER/);
    expect(readObservabilityConfig({ OTEL_TRACES_EXPORTER: ' Memory ' }).tracesExporter).toBe('memory');
  });
  it('reads the OTLP endpoint (traces-specific first)', () => {
    expect(readObservabilityConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b:4318/v1/traces' }).otlpEndpoint).toBe('http://b:4318/v1/traces');
  });
});
