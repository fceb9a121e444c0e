import { formatAmount } from '@/lib/money/format-amount';
import { roundToAsset } from '@/lib/money/amount-core';
import { decimalsOf, isStablecoin, type Asset } from '@/lib/money/assets';
import { formatRate } from '@/lib/money/rate';

/** An axis tick or a point as money of `asset` in `locale` (a tick finer than the asset's scale is rounded for show). */
export function moneyFormatter(asset: Asset, locale: string): (value: string) => string {
  return (value) => formatAmount(roundToAsset(value, asset, 'HALF_EVEN'), locale);
}

/** An axis tick of `asset`: ticks are round numbers, so only the decimals they have (R$250,000 rather than R$250,000.00). */
export function moneyTickFormatter(asset: Asset, locale: string): (tick: string) => string {
  return (tick) => {
    const places = Math.min(decimalsOf(asset), tick.includes('.') ? tick.length - tick.indexOf('.') - 1 : 0);
    const options: Intl.NumberFormatOptions = { minimumFractionDigits: places, maximumFractionDigits: places };
    if (isStablecoin(asset)) return `${new Intl.NumberFormat(locale, options).format(tick as `${number}`)} ${asset}`;
    return new Intl.NumberFormat(locale, { ...options, style: 'currency', currency: asset }).format(tick as `${number}`);
  };
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
