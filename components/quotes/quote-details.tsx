'use client';

import { useLocale, useTranslations } from 'next-intl';
import { amountText } from '@/components/money/amount-text';
import { formatBps, formatFraction } from '@/lib/domain/quotes/display';
import type { QuoteView } from '@/lib/domain/quotes/view';
import { formatRateText as formatRate } from '@/lib/money/rate-format';

/**
 * Where a section keeps the quote's words: `<namespace>.pay`, `.receive`, `.rate`, `.rateLine`, `.fee`, `.feeLine`,
 * `.feeLineFlat`, `.noFee`, `.spread`, `.spreadLine`, `.spreadUnknown` (each section says "you pay" its own way).
 */
export type QuoteWordsNamespace = 'convert.quote' | 'deposits.quote';

/**
 * What a quote fixes, as every quote-then-operate screen shows it: both amounts, the rate both ways, each fee, and the
 * spread against the service's mid-market rate (never invented when the service sends none).
 */
export function QuoteDetails({ quote, namespace }: { quote: QuoteView; namespace: QuoteWordsNamespace }) {
  const t = useTranslations(namespace);
  const fees = useTranslations('common.feeSources');
  const locale = useLocale();
  // The service's fee source (`FX_SPREAD`) in words; a source the catalogue does not know shows as sent.
  const feeSource = (source: string) => (fees.has(source) ? fees(source) : source);
  return (
    <dl className="grid grid-cols-[minmax(6rem,1fr)_auto] gap-x-6 gap-y-2 text-sm">
      <dt className="text-fg-muted">{t('pay')}</dt>
      <dd className="text-right font-semibold tabular-nums" data-testid="quote-pay" data-value={quote.pay.value} data-quote-id={quote.id}>
        {amountText(quote.pay, locale)}
      </dd>
      <dt className="text-fg-muted">{t('receive')}</dt>
      <dd className="text-right font-semibold tabular-nums" data-testid="quote-receive" data-value={quote.receive.value}>
        {amountText(quote.receive, locale)}
      </dd>
      <dt className="text-fg-muted">{t('rate')}</dt>
      <dd className="text-right tabular-nums">
        <span className="block whitespace-nowrap" data-testid="quote-rate" data-value={quote.rate.value}>
          {t('rateLine', { base: quote.rate.base, quote: quote.rate.quote, rate: formatRate(quote.rate.value, locale, 10) })}
        </span>
        <span className="block whitespace-nowrap text-fg-muted">
          {t('rateLine', { base: quote.rate.quote, quote: quote.rate.base, rate: formatRate(quote.inverseRate, locale, 8) })}
        </span>
      </dd>
      <dt className="text-fg-muted">{t('fee')}</dt>
      <dd className="text-right tabular-nums" data-testid="quote-fees">
        {quote.fees.length === 0
          ? t('noFee')
          : quote.fees.map((f) => (
              <span key={`${f.source}-${f.amount.value}`} className="block">
                {f.percentage
                  ? t('feeLine', { amount: amountText(f.amount, locale), source: feeSource(f.source), percent: formatFraction(f.percentage, locale) })
                  : t('feeLineFlat', { amount: amountText(f.amount, locale), source: feeSource(f.source) })}
              </span>
            ))}
      </dd>
      <dt className="text-fg-muted">{t('spread')}</dt>
      <dd className="text-right tabular-nums" data-testid="quote-spread" data-bps={quote.spreadBps ?? ''}>
        {quote.spreadBps !== null && quote.midRate
          ? t('spreadLine', { bps: formatBps(quote.spreadBps, locale), rate: formatRate(quote.midRate, locale, 10) })
          : t('spreadUnknown')}
      </dd>
    </dl>
  );
}
