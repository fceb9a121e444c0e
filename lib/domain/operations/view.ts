// Pure: reshaping an Operation for the list, the detail page and the CSV.
import type { Fee, Operation } from '@/lib/api/schemas/operation';
import { sumAmounts, type Amount } from '@/lib/money/amount';
import type { Asset } from '@/lib/money/assets';
import { invertRate } from '@/lib/money/rate';

export const TERMINAL_STATUSES: ReadonlySet<string> = new Set(['COMPLETED', 'FAILED']);

export function isTerminal(status: string): boolean {
  return TERMINAL_STATUSES.has(status);
}

/** Fees summed per asset (the FX spread is charged in the source asset; nothing says all fees share one). */
export function feeTotals(fees: readonly Pick<Fee, 'amount'>[]): Amount[] {
  const byAsset = new Map<Asset, Amount[]>();
  for (const fee of fees) {
    const list = byAsset.get(fee.amount.asset) ?? [];
    list.push(fee.amount);
    byAsset.set(fee.amount.asset, list);
  }
  return [...byAsset.entries()].map(([asset, amounts]) => sumAmounts(amounts, asset));
}

/** The quote's rate both ways: `1 BASE = rate QUOTE` and `1 QUOTE = inverse BASE`. */
export function rateBothWays(rate: { value: string; base: string; quote: string }): {
  forward: { from: string; to: string; value: string };
  inverse: { from: string; to: string; value: string } | null;
} {
  let inverse: string | null = null;
  try {
    inverse = invertRate(rate.value);
  } catch {
    inverse = null; // a zero or malformed rate has no inverse worth showing
  }
  return {
    forward: { from: rate.base, to: rate.quote, value: rate.value },
    inverse: inverse === null ? null : { from: rate.quote, to: rate.base, value: inverse },
  };
}

/** Seconds between two ISO instants (for "took 2 s" next to a transition); null when either is unparseable. */
export function secondsBetween(from: string, to: string): number | null {
  const a = Date.parse(from);
  const b = Date.parse(to);
  if (Number.isNaN(a) || Number.isNaN(b)) return null;
  return Math.round((b - a) / 100) / 10;
}

export interface TimelineEntry {
  status: string;
  at: string;
  /** Seconds since the previous entry (null for the first). */
  afterSeconds: number | null;
  reason: { code: string | null; message: string | null } | null;
}

function reasonOf(reason: unknown): TimelineEntry['reason'] {
  if (!reason) return null;
  if (typeof reason === 'string') return { code: null, message: reason };
  if (typeof reason === 'object') {
    const r = reason as { code?: unknown; message?: unknown };
    const code = typeof r.code === 'string' ? r.code : null;
    const message = typeof r.message === 'string' ? r.message : null;
    return code || message ? { code, message } : null;
  }
  return null;
}

/** The state history oldest first, each with the time it took to get there and its reason. */
export function timeline(op: Pick<Operation, 'states'>): TimelineEntry[] {
  return op.states.map((s, i) => ({
    status: s.status,
    at: s.createdAt,
    afterSeconds: i === 0 ? null : secondsBetween(op.states[i - 1].createdAt, s.createdAt),
    reason: reasonOf((s as { reason?: unknown }).reason),
  }));
}

/** Which asset filter matches: either side of the conversion. */
export function involvesAsset(op: Pick<Operation, 'sourceAmount' | 'targetAmount'>, asset: string): boolean {
  return op.sourceAmount.asset === asset || op.targetAmount.asset === asset;
}
