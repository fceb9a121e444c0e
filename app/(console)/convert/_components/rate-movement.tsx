import { getLocale, getTimeZone, getTranslations } from 'next-intl/server';
import { instantFormatter, rateFormatter } from '@/components/charts/chart-format';
import { LineChart } from '@/components/charts/line-chart';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { midRatesInto, rateSamplesSince } from '@/lib/balances/mid-rates';
import { now } from '@/lib/clock';
import { seriesSummary } from '@/lib/domain/balances/chart-scale';
import { DEFAULT_TIME_ZONE } from '@/lib/i18n/config';
import type { Asset } from '@/lib/money/assets';
import { formatRate } from '@/lib/money/rate';
import type { RatePair } from '@/lib/domain/quotes/rate-pair';

const HOURS = 24;


/**
 * The mid rate of one pair now and its recent movement. The service keeps no rate history, so the movement is the
 * mids the console itself was given (lib/balances/mid-rates.ts keeps each one); opening this page adds one.
 */
export async function RateMovement({
  pair,
  assets,
  accounts,
}: {
  pair: RatePair;
  /** Assets the pair can be chosen from (enabled on an active account). */
  assets: readonly Asset[];
  accounts: ReadonlyArray<{ id: string; assets: ReadonlySet<Asset> }>;
}) {
  const [t, locale, zone] = await Promise.all([getTranslations('balances.rates'), getLocale(), getTimeZone()]);
  const timeZone = zone ?? DEFAULT_TIME_ZONE;
  const current = (await midRatesInto(pair.quote, [pair.base], accounts)).get(pair.base) ?? null;
  const samples = await rateSamplesSince(pair.base, pair.quote, new Date(now().getTime() - HOURS * 3_600_000));
  const points = samples.map((s) => ({ key: s.observedAt.toISOString(), value: s.rate }));
  const rate = rateFormatter(locale);
  const at = instantFormatter(locale, timeZone);
  const summary = seriesSummary(points);

  return (
    <Card>
      <CardHeader title={t('title')} description={t('description', { base: pair.base, quote: pair.quote, hours: HOURS })} />
      <CardBody className="space-y-4">
        <form method="get" action="/convert" className="flex flex-wrap items-end gap-3" aria-label={t('pair')}>
          <div className="space-y-1.5">
            <Label htmlFor="rate-base">{t('baseLabel')}</Label>
            <Select id="rate-base" name="base" defaultValue={pair.base}>
              {assets.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </Select>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="rate-quote">{t('quoteLabel')}</Label>
            <Select id="rate-quote" name="quote" defaultValue={pair.quote}>
              {assets.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </Select>
          </div>
          <button type="submit" className={buttonVariants({ variant: 'secondary' })}>
            {t('show')}
          </button>
        </form>
        {current ? (
          <p className="text-sm font-medium text-fg" data-testid="mid-rate-now">
            {t('now', { base: pair.base, quote: pair.quote, rate: formatRate(current, locale, 6) })}
          </p>
        ) : (
          <p className="text-sm text-fg-muted">{t('unavailable')}</p>
        )}
        {summary && points.length >= 2 ? (
          <LineChart
            testId="rate-chart"
            title={t('chartTitle', { base: pair.base, quote: pair.quote, hours: HOURS })}
            summary={t('summary', {
              base: pair.base,
              quote: pair.quote,
              first: rate(summary.first),
              last: rate(summary.last),
              min: rate(summary.min),
              max: rate(summary.max),
              firstAt: at(points[0]!.key),
              lastAt: at(points[points.length - 1]!.key),
              count: points.length,
            })}
            points={points}
            formatValue={rate}
            formatKey={at}
            tableLabels={{ toggle: t('table.toggle'), key: t('table.key'), value: t('table.value') }}
          />
        ) : (
          <p className="text-sm text-fg-muted" data-testid="rate-too-few">
            {t('tooFew')}
          </p>
        )}
      </CardBody>
    </Card>
  );
}
