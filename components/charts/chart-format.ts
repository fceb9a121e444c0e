import { formatAmount } from '@/lib/money/format-amount';
import { roundToAsset } from '@/lib/money/amount-core';
import type { Asset } from '@/lib/money/assets';
import { formatRate } from '@/lib/money/rate';

/** An axis tick or a point as money of `asset` in `locale` (a tick finer than the asset's scale is rounded for show). */
export function moneyFormatter(asset: Asset, locale: string): (value: string) => string {
  return (value) => formatAmount(roundToAsset(value, asset, 'HALF_EVEN'), locale);
}

export function rateFormatter(locale: string, digits = 6): (value: string) => string {
  return (value) => formatRate(value, locale, digits);
}

/** A calendar day key (YYYY-MM-DD, already the reader's day) as a short date in `locale`. */
export function dayFormatter(locale: string): (day: string) => string {
  const fmt = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return (day) => fmt.format(new Date(`${day}T12:00:00Z`));
}

/** An instant (ISO) as day and time in `locale` and `timeZone`. */
export function instantFormatter(locale: string, timeZone: string): (iso: string) => string {
  const fmt = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZone });
  return (iso) => fmt.format(new Date(iso));
}
