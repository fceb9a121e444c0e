import { getLocale, getTranslations } from 'next-intl/server';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { chartBars, type DeliveryHealth } from '@/lib/domain/webhooks/health';

const CHART_W = 480;
const CHART_H = 80;

/**
 * Success rates, failure streak, last failure and a 24-bar SVG of attempts per hour (no chart library: 24 rects).
 * `health` null is its loading state: the same card, with placeholders of the figures' height where they go. The
 * page streams the card in after the log list, and a loading block of another height moved the list when the card
 * arrived (Lighthouse CLS 0.144 on this page, `npm run bench:budget -- --details`).
 */
export async function HealthCard({ health }: { health: DeliveryHealth | null }) {
  const t = await getTranslations('webhooks.health');
  const locale = await getLocale();
  const pct = (rate: number) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(rate);
  const count = (n: number) => new Intl.NumberFormat(locale).format(n);
  // One line of `text-xl` (1.75rem) for a figure; the last failure takes two lines of `text-sm` either way.
  const figure = <Skeleton className="my-0.5 h-6 w-24" />;
  const rate = (w: DeliveryHealth['window24h'] | undefined) =>
    !w ? (
      figure
    ) : w.rate === null ? (
      <span className="text-fg-muted">{t('none')}</span>
    ) : (
      <>
        <span className="text-xl font-semibold tabular">{pct(w.rate)}</span>{' '}
        <span className="text-sm text-fg-muted tabular">{t('ofTotal', { success: count(w.success), total: count(w.total) })}</span>
      </>
    );

  return (
    <Card aria-busy={health ? undefined : true}>
      <CardHeader title={t('title')} description={health?.truncated ? t('truncated', { count: count(health.sampled) }) : undefined} />
      <CardBody className="space-y-4">
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="text-sm text-fg-muted">{t('rate24h')}</dt>
            <dd data-testid={health ? 'health-24h' : undefined}>{rate(health?.window24h)}</dd>
          </div>
          <div>
            <dt className="text-sm text-fg-muted">{t('rate7d')}</dt>
            <dd>{rate(health?.window7d)}</dd>
          </div>
          <div>
            <dt className="text-sm text-fg-muted">{t('streak')}</dt>
            <dd className="text-xl font-semibold tabular" data-testid={health ? 'health-streak' : undefined}>
              {!health ? figure : health.streakOpen ? t('streakOpen', { count: count(health.consecutiveFailures) }) : count(health.consecutiveFailures)}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-sm text-fg-muted">{t('lastFailure')}</dt>
            <dd className="min-h-10 text-sm">
              {!health ? (
                <Skeleton className="h-10 w-full" />
              ) : health.lastFailure ? (
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
          {health ? <Chart health={health} label={t('chartSummary', { total: sum(health, 'all'), failed: count(sum(health, 'failed')) })} /> : <Skeleton className="h-20 w-full rounded" />}
        </figure>
      </CardBody>
    </Card>
  );
}

function sum(health: DeliveryHealth, which: 'all' | 'failed'): number {
  return health.attemptsPerHour.reduce((n, b) => n + b.failed + (which === 'all' ? b.success : 0), 0);
}

function Chart({ health, label }: { health: DeliveryHealth; label: string }) {
  const bars = chartBars(health.attemptsPerHour, CHART_H);
  const slot = CHART_W / bars.length;
  return (
    <svg viewBox={`0 0 ${CHART_W} ${CHART_H}`} preserveAspectRatio="none" className="h-20 w-full rounded bg-surface-muted" role="img" aria-label={label}>
      {bars.map((b, i) => (
        <g key={health.attemptsPerHour[i].start}>
          <rect x={i * slot + 2} width={slot - 4} y={CHART_H - b.success} height={b.success} className="fill-success" />
          <rect x={i * slot + 2} width={slot - 4} y={CHART_H - b.success - b.failed} height={b.failed} className="fill-danger" />
        </g>
      ))}
    </svg>
  );
}
