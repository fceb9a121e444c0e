import { useId } from 'react';
import { downsample, niceTicks, plot, seriesSummary, type ChartPoint } from '@/lib/domain/balances/chart-scale';

/** Pixel box the line is drawn in; the SVG stretches it to the container (the stroke stays 2 px). */
const W = 600;
const H = 160;
/** More points than pixels help nobody; extremes survive downsampling. */
const MAX_POINTS = 200;

export type LineChartProps = {
  /** Names the chart for assistive technology and heads its data table. */
  title: string;
  /** One sentence with what the chart shows: range, start, end. Read by everyone, under the chart. */
  summary: string;
  points: readonly ChartPoint[];
  /** Formats a point's value and a tick the same way (locale, asset). */
  formatValue: (value: string) => string;
  /** Formats an axis tick (defaults to formatValue). */
  formatTick?: (tick: string) => string;
  /** Formats a point's key (a day, an instant) for the axis and the table. */
  formatKey: (key: string) => string;
  tableLabels: { toggle: string; key: string; value: string };
  testId?: string;
};

/**
 * A line chart rendered on the server as SVG (no client JavaScript): the line and grid scale with the container,
 * the axis labels are HTML beside it so they stay readable at 390 px, and colours come from the theme tokens so
 * dark mode needs nothing extra. The text alternative is the summary sentence and the full data table.
 */
export function LineChart({ title, summary, points, formatValue, formatTick = formatValue, formatKey, tableLabels, testId }: LineChartProps) {
  const id = useId();
  if (points.length === 0) return null;
  const { min, max } = seriesSummary(points)!;
  const ticks = niceTicks(min, max, 4);
  const drawn = downsample(points, MAX_POINTS);
  const xy = plot(drawn, ticks, { width: W, height: H });
  const line = xy.map((p) => `${p.x},${p.y}`).join(' ');
  const area = `0,${H} ${line} ${W},${H}`;
  const last = xy[xy.length - 1]!;

  return (
    <figure className="min-w-0 space-y-2" data-testid={testId} aria-labelledby={`${id}-title`}>
      <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
        {/* Tick labels top (highest) to bottom; evenly spaced like the grid lines they name. */}
        <div aria-hidden="true" className="flex h-40 flex-col justify-between text-end text-[11px] leading-none text-fg-muted tabular-nums">
          {[...ticks].reverse().map((tick) => (
            <span key={tick}>{formatTick(tick)}</span>
          ))}
        </div>
        <svg
          role="img"
          aria-labelledby={`${id}-title ${id}-summary`}
          viewBox={`0 0 ${W} ${H}`}
          preserveAspectRatio="none"
          className="h-40 w-full overflow-visible text-accent"
        >
          <title id={`${id}-svg-title`}>{title}</title>
          {ticks.map((tick, i) => {
            const y = H - (i * H) / Math.max(1, ticks.length - 1);
            return <line key={tick} x1={0} x2={W} y1={y} y2={y} className="stroke-border" strokeWidth={1} vectorEffect="non-scaling-stroke" />;
          })}
          <polygon points={area} className="fill-accent-soft" opacity={0.6} />
          <polyline points={line} fill="none" stroke="currentColor" strokeWidth={2} strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
          <circle cx={last.x} cy={last.y} r={3} fill="currentColor" vectorEffect="non-scaling-stroke" />
        </svg>
        <span />
        <div aria-hidden="true" className="flex justify-between text-[11px] text-fg-muted">
          <span>{formatKey(points[0]!.key)}</span>
          <span>{formatKey(points[points.length - 1]!.key)}</span>
        </div>
      </div>
      <figcaption className="text-sm text-fg-muted">
        <span id={`${id}-title`} className="sr-only">
          {title}.{' '}
        </span>
        <span id={`${id}-summary`}>{summary}</span>
      </figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer text-accent-text hover:underline">{tableLabels.toggle}</summary>
        {/* Scrolls on its own: focusable so a keyboard can scroll it too. */}
        <div tabIndex={0} role="region" aria-label={title} className="mt-2 max-h-64 overflow-auto rounded-md border border-border focus-visible:outline-2 focus-visible:outline-ring">
          <table className="w-full text-start text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="sticky top-0 bg-surface-muted">
              <tr>
                <th scope="col" className="px-3 py-1.5 text-start font-medium">
                  {tableLabels.key}
                </th>
                <th scope="col" className="px-3 py-1.5 text-end font-medium">
                  {tableLabels.value}
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.key} className="border-t border-border">
                  <th scope="row" className="px-3 py-1 text-start font-normal">
                    {formatKey(p.key)}
                  </th>
                  <td className="px-3 py-1 text-end tabular-nums">{formatValue(p.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
