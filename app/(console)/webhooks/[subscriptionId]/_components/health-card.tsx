import { getLocale, getTranslations } from 'next-intl/server';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { chartBars, type DeliveryHealth } from '@/lib/domain/webhooks/health';

const CHART_W = 480;
const CHART_H = 80;

/** Success rates, failure streak, last failure and a 24-bar SVG of attempts per hour (no chart library: 24 rects). */
export async function HealthCard({ health }: { health: DeliveryHealth }) {
  const t = await getTranslations('webhooks.health');
  const locale = await getLocale();
  const pct = (rate: number) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(rate);
  const count = (n: number) => new Intl.NumberFormat(locale).format(n);
  const bars = chartBars(health.attemptsPerHour, CHART_H);
  const total24 = health.attemptsPerHour.reduce((n, b) => n + b.success + b.failed, 0);
  const failed24 = health.attemptsPerHour.reduce((n, b) => n + b.failed, 0);
  const slot = CHART_W / bars.length;
  const rate = (w: DeliveryHealth['window24h']) =>
    w.rate === null ? (
      <span className="text-fg-muted">{t('none')}</span>
    ) : (
      <>
        <span className="text-xl font-semibold tabular">{pct(w.rate)}</span>{' '}
        <span className="text-sm text-fg-muted tabular">{t('ofTotal', { success: count(w.success), total: count(w.total) })}</span>
      </>
    );

  return (
    <Card>
      <CardHeader title={t('title')} description={health.truncated ? t('truncated', { count: count(health.sampled) }) : undefined} />
      <CardBody className="space-y-4">
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="text-sm text-fg-muted">{t('rate24h')}</dt>
            <dd data-testid="health-24h">{rate(health.window24h)}</dd>
          </div>
          <div>
            <dt className="text-sm text-fg-muted">{t('rate7d')}</dt>
            <dd>{rate(health.window7d)}</dd>
          </div>
          <div>
            <dt className="text-sm text-fg-muted">{t('streak')}</dt>
            <dd className="text-xl font-semibold tabular" data-testid="health-streak">
              {health.streakOpen ? t('streakOpen', { count: count(health.consecutiveFailures) }) : count(health.consecutiveFailures)}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-sm text-fg-muted">{t('lastFailure')}</dt>
            <dd className="text-sm">
              {health.lastFailure ? (
                <>
                  <DateTimeText value={health.lastFailure.at} className="tabular" />
                  <span className="block break-words text-fg-muted">{health.lastFailure.error ?? t('httpStatus', { status: health.lastFailure.httpStatus })}</span>
                </>
              ) : (
                <span className="text-fg-muted">{t('noFailure')}</span>
              )}
            </dd>
          </div>
        </dl>
        <figure>
          <figcaption className="mb-2 flex flex-wrap items-center justify-between gap-2 text-sm text-fg-muted">
            <span>{t('chartTitle')}</span>
            <span className="flex items-center gap-3" aria-hidden="true">
              <span className="inline-flex items-center gap-1">
                <span className="inline-block size-2.5 rounded-sm bg-success" />
                {t('legendSuccess')}
              </span>
              <span className="inline-flex items-center gap-1">
                <span className="inline-block size-2.5 rounded-sm bg-danger" />
                {t('legendFailed')}
              </span>
            </span>
          </figcaption>
          <svg
            viewBox={`0 0 ${CHART_W} ${CHART_H}`}
            preserveAspectRatio="none"
            className="h-20 w-full rounded bg-surface-muted"
            role="img"
            aria-label={t('chartSummary', { total: total24, failed: count(failed24) })}
          >
            {bars.map((b, i) => (
              <g key={health.attemptsPerHour[i].start}>
                <rect x={i * slot + 2} width={slot - 4} y={CHART_H - b.success} height={b.success} className="fill-success" />
                <rect x={i * slot + 2} width={slot - 4} y={CHART_H - b.success - b.failed} height={b.failed} className="fill-danger" />
              </g>
            ))}
          </svg>
        </figure>
      </CardBody>
    </Card>
  );
}
