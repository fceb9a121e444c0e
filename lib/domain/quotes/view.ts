import type { Amount } from '@/lib/money/amount-core';
import { invertRate } from '@/lib/money/rate';
import { spreadBps } from './rates';

interface WireRate {
  value: string;
  base: string;
  quote: string;
}

/** The parts of a service quote the console shows (lib/api's parsed Quote satisfies it). */
export interface WireQuote {
  id: string;
  account: { id: string; owner: string };
  sourceAmount: Amount;
  targetAmount: Amount;
  effectiveRate: WireRate;
  fees?: ReadonlyArray<{ amount: Amount; source: string; type: string; percentage?: string | null }>;
  expiresAt: string;
  midRate?: WireRate;
  createdAt?: string;
}

/** What the convert screen shows: serialisable (strings only), so it crosses from a server action to the browser. */
export interface QuoteView {
  id: string;
  accountId: string;
  pay: Amount;
  receive: Amount;
  /** target per 1 source, as the service published it. */
  rate: WireRate;
  /** source per 1 target, for display only (8 places). */
  inverseRate: string;
  fees: Array<{ amount: Amount; source: string; percentage: string | null }>;
  /** The mid-market rate the service priced from (an extension); null when the service sends none. */
  midRate: string | null;
  /** Spread of the effective rate against the mid, in bps; null without a mid rate (never invented). */
  spreadBps: string | null;
  expiresAt: string;
}

export function toQuoteView(q: WireQuote): QuoteView {
  const sameOrientation = q.midRate && q.midRate.base === q.effectiveRate.base && q.midRate.quote === q.effectiveRate.quote;
  const mid = sameOrientation ? q.midRate!.value : null;
  return {
    id: q.id,
    accountId: q.account.id,
    pay: q.sourceAmount,
    receive: q.targetAmount,
    rate: { value: q.effectiveRate.value, base: q.effectiveRate.base, quote: q.effectiveRate.quote },
    inverseRate: invertRate(q.effectiveRate.value),
    fees: (q.fees ?? []).map((f) => ({ amount: f.amount, source: f.source, percentage: f.percentage ?? null })),
    midRate: mid,
    spreadBps: mid ? spreadBps(q.effectiveRate.value, mid) : null,
    expiresAt: q.expiresAt,
  };
}
