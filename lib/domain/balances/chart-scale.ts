// Pure: what a server-rendered SVG line chart needs from a series of decimal strings — axis ticks, pixel positions,
// fewer points when there are too many. Values stay decimal strings; only pixel coordinates are plain numbers.
import { Dec } from '@/lib/money/decimal';

export interface ChartPoint {
  /** What the x axis and the data table call this point (a day, an instant). */
  key: string;
  value: string;
}

/** "Nice" steps (1, 2, 2.5, 5 × 10ⁿ) covering [min, max] with about `count` ticks; never a single tick. */
export function niceTicks(min: string, max: string, count = 4): string[] {
  let lo = new Dec(min);
  let hi = new Dec(max);
  if (hi.lessThan(lo)) [lo, hi] = [hi, lo];
  if (hi.equals(lo)) {
    // A flat line still gets an axis: a band around the value (or 0..1 at zero).
    const pad = lo.isZero() ? new Dec(1) : lo.abs().times('0.05');
    lo = lo.minus(pad);
    hi = hi.plus(pad);
  }
  const rough = hi.minus(lo).div(Math.max(1, count - 1));
  const magnitude = new Dec(10).pow(rough.log(10).floor());
  const step = [1, 2, 2.5, 5, 10].map((m) => magnitude.times(m)).find((s) => s.greaterThanOrEqualTo(rough)) ?? magnitude.times(10);
  const start = lo.div(step).floor().times(step);
  const ticks: string[] = [];
  for (let v = start; v.lessThan(hi.plus(step)); v = v.plus(step)) {
    ticks.push(v.toFixed());
    if (v.greaterThanOrEqualTo(hi)) break;
  }
  return ticks;
}

/**
 * At most `max` points, keeping the first and last and, in each bucket between, the lowest and highest value in
 * time order, so a spike never disappears from the line.
 */
export function downsample(points: readonly ChartPoint[], max: number): ChartPoint[] {
  if (points.length <= max || max < 4) return [...points];
  const inner = points.slice(1, -1);
  const buckets = Math.floor((max - 2) / 2);
  const size = inner.length / buckets;
  const out: ChartPoint[] = [points[0]!];
  for (let b = 0; b < buckets; b++) {
    const bucket = inner.slice(Math.floor(b * size), Math.floor((b + 1) * size));
    if (!bucket.length) continue;
    let lo = bucket[0]!;
    let hi = bucket[0]!;
    for (const p of bucket) {
      if (new Dec(p.value).lessThan(lo.value)) lo = p;
      if (new Dec(p.value).greaterThan(hi.value)) hi = p;
    }
    const pair = inner.indexOf(lo) <= inner.indexOf(hi) ? [lo, hi] : [hi, lo];
    for (const p of pair) if (out[out.length - 1] !== p) out.push(p);
  }
  out.push(points[points.length - 1]!);
  return out;
}

export interface PlotArea {
  width: number;
  height: number;
}

/** Pixel positions (x left to right by index, y downwards) on the ticks' range; rounded to 0.1 px. */
export function plot(points: readonly ChartPoint[], ticks: readonly string[], area: PlotArea): Array<{ x: number; y: number }> {
  const lo = new Dec(ticks[0] ?? '0');
  const hi = new Dec(ticks[ticks.length - 1] ?? '1');
  const span = hi.minus(lo).isZero() ? new Dec(1) : hi.minus(lo);
  const stepX = points.length > 1 ? area.width / (points.length - 1) : 0;
  return points.map((p, i) => ({
    x: Math.round(i * stepX * 10) / 10,
    // money-guard-ignore: a pixel coordinate on screen, not money
    y: new Dec(area.height).minus(new Dec(p.value).minus(lo).div(span).times(area.height)).toDecimalPlaces(1).toNumber(),
  }));
}

/** Lowest, highest, first and last of a series: what the chart's summary sentence says. */
export function seriesSummary(points: readonly ChartPoint[]): { min: string; max: string; first: string; last: string } | null {
  if (!points.length) return null;
  let min = new Dec(points[0]!.value);
  let max = min;
  for (const p of points) {
    const v = new Dec(p.value);
    if (v.lessThan(min)) min = v;
    if (v.greaterThan(max)) max = v;
  }
  return { min: min.toFixed(), max: max.toFixed(), first: points[0]!.value, last: points[points.length - 1]!.value };
}
