import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { createQuote } from '@/lib/api/quotes';
import type { Quote } from '@/lib/api/schemas/quote';
import { getDb } from '@/lib/db/client';
import { rateSamples } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { composeRates, orientRate, planRateRoutes, type RateRoute } from '@/lib/domain/balances/reference-total';
import { toAmount } from '@/lib/money/amount-core';
import type { Asset } from '@/lib/money/assets';

/**
 * Mid rates from the service. The contract has no rates endpoint: a quote (`POST /api/quotes`) is the only place a
 * rate comes from, and the sandbox adds the mid it priced from (`midRate`, a documented extension). A quote is a
 * price offer, never money moved (it expires unused after 30 s), so the console asks for one of 100 units of the
 * source asset on an account where both assets are enabled and reads its `midRate`. No `midRate` (a deployment
 * without the extension): no rate — the console never derives a mid from the spread-laden effective rate.
 *
 * Each pair is asked at most once per MID_RATE_REFRESH_SECONDS per process (10 by default: the sandbox's mid moves
 * every 10 s), and every answer is kept as a sample for /convert's recent-movement chart.
 */
const SAMPLE_DAYS = 7;

type Cached = { rate: string | null; at: number };
const cache: Map<string, Cached> = ((globalThis as { __fxMidRateCache?: Map<string, Cached> }).__fxMidRateCache ??= new Map());

async function recordSample(base: Asset, quote: Asset, rate: string, observedAt: Date): Promise<void> {
  try {
    const db = await getDb();
    await db.insert(rateSamples).values({ base, quote, rate, observedAt }).onConflictDoNothing();
    await db.delete(rateSamples).where(lt(rateSamples.observedAt, new Date(observedAt.getTime() - SAMPLE_DAYS * 86_400_000)));
  } catch (error) {
    // A sample is history for a chart; failing to keep one never fails the page that needed the rate.
    console.error(`[rates] could not keep a mid-rate sample: ${String(error).slice(0, 200)}`);
  }
}

/** Units of `to` per one `from`, asked on `accountId`; null when the service gives no mid. */
export async function midRate(from: Asset, to: Asset, accountId: string): Promise<string | null> {
  const key = `${from}>${to}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < getEnv().MID_RATE_REFRESH_SECONDS * 1000) return hit.rate;
  let quote: Quote;
  try {
    // A fresh key per ask: each is its own price request, and nothing is ever consumed from it.
    quote = (await createQuote({ accountId, sourceAsset: from, targetAsset: to, sourceAmount: toAmount('100', from).value }, { idempotencyKey: randomUUID() })).data;
  } catch (error) {
    console.error(`[rates] no quote for ${key}: ${String(error).slice(0, 200)}`);
    cache.set(key, { rate: null, at: Date.now() });
    return null;
  }
  const rate = quote.midRate ? orientRate(quote.midRate, from, to) : null;
  cache.set(key, { rate, at: Date.now() });
  if (rate) await recordSample(from, to, rate, quote.createdAt ? new Date(quote.createdAt) : new Date());
  return rate;
}

async function rateFor(asset: Asset, reference: Asset, route: RateRoute | null): Promise<string | null> {
  if (!route) return null;
  if (route.kind === 'same') return '1';
  if (route.kind === 'direct') return midRate(asset, reference, route.accountId);
  const [first, second] = await Promise.all([midRate(asset, route.pivot, route.firstAccountId), midRate(route.pivot, reference, route.secondAccountId)]);
  return first && second ? composeRates(first, second) : null;
}

/** The mid into `reference` of every asset in `assets`, asked on the accounts that hold them (see planRateRoutes). */
export async function midRatesInto(
  reference: Asset,
  assets: readonly Asset[],
  accounts: ReadonlyArray<{ id: string; assets: ReadonlySet<Asset> }>,
): Promise<Map<Asset, string>> {
  const routes = planRateRoutes(assets, reference, accounts);
  const rates = new Map<Asset, string>();
  await Promise.all(
    [...routes].map(async ([asset, route]) => {
      const rate = await rateFor(asset, reference, route);
      if (rate) rates.set(asset, rate);
    }),
  );
  return rates;
}

/** The samples kept for a pair since `since`, oldest first. */
export async function rateSamplesSince(base: Asset, quote: Asset, since: Date): Promise<Array<{ rate: string; observedAt: Date }>> {
  const db = await getDb();
  return db
    .select({ rate: rateSamples.rate, observedAt: rateSamples.observedAt })
    .from(rateSamples)
    .where(and(eq(rateSamples.base, base), eq(rateSamples.quote, quote), gte(rateSamples.observedAt, since)))
    .orderBy(asc(rateSamples.observedAt));
}
