// `OPERATIONS_STUCK_MINUTES`: when an operation that is not yet COMPLETED or FAILED deserves a warning, per type.
// Parsed by lib/env.ts at start-up; the rule that applies it is lib/domain/operations/stuck.ts.
import { INTENT_TYPE_VALUES } from '@/lib/contract/operation-vocabulary';

export const DEFAULT_STUCK_MINUTES = 10;

/** Minutes per operation type after which a non-terminal operation is "stuck"; `default` for the rest. */
export type StuckThresholds = Readonly<Record<string, number>> & { readonly default: number };

export const DEFAULT_STUCK_THRESHOLDS: StuckThresholds = { default: DEFAULT_STUCK_MINUTES };

/**
 * Parses `OPERATIONS_STUCK_MINUTES`: a bare number sets the default (`15`), or per type
 * (`SWAP=5,WITHDRAWAL=60,default=20`). Anything malformed is reported, not guessed.
 */
export function parseStuckThresholds(raw: string | undefined): { ok: true; value: StuckThresholds } | { ok: false; error: string } {
  if (raw === undefined || raw.trim() === '') return { ok: true, value: DEFAULT_STUCK_THRESHOLDS };
  const minutes = (text: string) => {
    const n = Number(text.trim());
    return /^\d+(\.\d+)?$/.test(text.trim()) && n > 0 && n <= 7 * 24 * 60 ? n : null;
  };
  const bare = minutes(raw);
  if (bare !== null) return { ok: true, value: { default: bare } };
  const out: Record<string, number> = { default: DEFAULT_STUCK_MINUTES };
  const known = new Set<string>([...INTENT_TYPE_VALUES, 'default']);
  for (const part of raw.split(',')) {
    const [key, value, extra] = part.split('=');
    const k = key?.trim();
    const m = value === undefined || extra !== undefined ? null : minutes(value);
    if (!k || m === null) return { ok: false, error: `"${part.trim()}" is not TYPE=minutes` };
    const name = k === 'default' ? k : k.toUpperCase();
    if (!known.has(name)) return { ok: false, error: `unknown operation type "${k}"` };
    out[name] = m;
  }
  return { ok: true, value: out as StuckThresholds };
}

export function thresholdMinutes(type: string, thresholds: StuckThresholds): number {
  return thresholds[type] ?? thresholds.default;
}
