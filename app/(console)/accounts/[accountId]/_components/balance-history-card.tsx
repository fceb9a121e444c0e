import { getLocale, getTimeZone, getTranslations } from 'next-intl/server';
import { dayFormatter, moneyFormatter, moneyTickFormatter } from '@/components/charts/chart-format';
import { LineChart } from '@/components/charts/line-chart';
import { ServiceErrorAlert } from '@/components/forms/service-error-alert';
import { Alert } from '@/components/ui/alert';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { getBalances } from '@/lib/api/balances';
import { accountBalanceHistory, HISTORY_DAYS } from '@/lib/balances/balance-history';
import { now } from '@/lib/clock';
import { seriesSummary } from '@/lib/domain/balances/chart-scale';
import { DEFAULT_TIME_ZONE } from '@/lib/i18n/config';
import type { Amount } from '@/lib/money/amount-core';

/** One chart per asset of the account: the last 30 days' closing balances, server-rendered, with a data table. */
export async function BalanceHistoryCard({ accountId }: { accountId: string }) {
  const [t, locale, zone] = await Promise.all([getTranslations('balances.history'), getLocale(), getTimeZone()]);
  const timeZone = zone ?? DEFAULT_TIME_ZONE;
  const loaded = await (async () => {
    const { data } = await getBalances(accountId);
    const amounts: Amount[] = [...data.fiat, ...data.crypto].flatMap((e) => (e.amount ? [e.amount] : []));
    return { amounts, history: await accountBalanceHistory(accountId, amounts, now(), timeZone) };
  })().catch((error: unknown) => ({ error }));

  return (
    <Card>
      <CardHeader title={t('title')} description={t('description', { days: HISTORY_DAYS })} />
      <CardBody>
        {'error' in loaded ? (
          <ServiceErrorAlert error={loaded.error} title={t('failed')} />
        ) : loaded.amounts.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('empty')}</p>
        ) : (
          <div className="space-y-4">
            {loaded.history.partial ? <Alert tone="info">{t('partial', { days: HISTORY_DAYS })}</Alert> : null}
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
              {loaded.amounts.map((amount) => {
                const points = (loaded.history.series.get(amount.asset) ?? []).map((p) => ({ key: p.day, value: p.value }));
                const money = moneyFormatter(amount.asset, locale);
                const day = dayFormatter(locale);
                const s = seriesSummary(points);
                if (!s) return null;
                return (
                  <div key={amount.asset} className="min-w-0 space-y-2">
                    <h3 className="font-mono text-sm font-semibold text-fg">{amount.asset}</h3>
                    <LineChart
                      testId={`balance-chart-${amount.asset}`}
                      title={t('chartTitle', { asset: amount.asset, days: HISTORY_DAYS })}
                      summary={t('summary', {
                        asset: amount.asset,
                        days: HISTORY_DAYS,
                        first: money(s.first),
                        firstDay: day(points[0]!.key),
                        last: money(s.last),
                        min: money(s.min),
                        max: money(s.max),
                      })}
                      points={points}
                      formatValue={money}
                      formatTick={moneyTickFormatter(amount.asset, locale)}
                      formatKey={day}
                      tableLabels={{ toggle: t('table.toggle'), key: t('table.key'), value: t('table.value') }}
                    />
                  </div>
                );
              })}
            </div>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
