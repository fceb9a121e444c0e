import { useLocale, useTranslations } from 'next-intl';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import type { Operation } from '@/lib/api/schemas/operation';
import { rateBothWays } from '@/lib/domain/operations/view';
import { formatRateText as formatRate } from '@/lib/money/rate-format';

/** The quote the operation used: its rate both ways, when it expired and when it was used. */
export function QuoteCard({ quote }: { quote: Operation['quote'] }) {
  const t = useTranslations('operations.detail.quote');
  const locale = useLocale();
  const rates = rateBothWays(quote.effectiveRate);
  const format = (value: string) => {
    try {
      return formatRate(value, locale);
    } catch {
      return value; // a rate the service sent that is not a positive decimal: shown as sent
    }
  };
  const text = (r: { from: string; to: string; value: string }) => t('rateText', { from: r.from, to: r.to, value: format(r.value) });
  return (
    <Card>
      <CardHeader title={t('title')} />
      <CardBody>
        <dl className="space-y-3 text-sm">
          <div>
            <dt className="text-fg-muted">{t('rate')}</dt>
            <dd className="font-medium tabular-nums" data-testid="quote-rate" data-value={rates.forward.value}>
              {text(rates.forward)}
            </dd>
          </div>
          {rates.inverse ? (
            <div>
              <dt className="text-fg-muted">{t('inverse')}</dt>
              <dd className="tabular-nums" data-testid="quote-inverse" data-value={rates.inverse.value}>
                {text(rates.inverse)}
              </dd>
            </div>
          ) : null}
          <div>
            <dt className="text-fg-muted">{t('expiresAt')}</dt>
            <dd>
              <DateTimeText value={quote.expiresAt} seconds />
            </dd>
          </div>
          <div>
            <dt className="text-fg-muted">{t('consumedAt')}</dt>
            <dd>{quote.consumedAt ? <DateTimeText value={quote.consumedAt} seconds /> : t('notConsumed')}</dd>
          </div>
          <div>
            <dt className="text-fg-muted">{t('id')}</dt>
            <dd className="flex items-start justify-between gap-2">
              <code className="min-w-0 font-mono text-xs break-all">{quote.id}</code>
              <CopyButton value={quote.id} iconOnly variant="ghost" srLabel={t('copyId')} />
            </dd>
          </div>
        </dl>
      </CardBody>
    </Card>
  );
}
