// Pure: what a payout approval does with the drift between its indicative and fresh quotes (the drift itself:
// driftBps in lib/domain/quotes/rates.ts).
import { Dec } from '@/lib/money/decimal';

/** Above this drift between the indicative and the fresh rate, an approver must acknowledge it explicitly. */
export const DRIFT_ACK_THRESHOLD_BPS = 50;

/** |drift| strictly above the threshold needs the acknowledgement tick. */
export function needsAcknowledgement(drift: string, thresholdBps = DRIFT_ACK_THRESHOLD_BPS): boolean {
  return new Dec(drift).abs().gt(thresholdBps);
}

/** Whether a re-quote at `drift` stays inside what was acknowledged (`toleranceBps`, inclusive). */
export function withinTolerance(drift: string, toleranceBps: string | number): boolean {
  return new Dec(drift).abs().lte(new Dec(toleranceBps));
}

/**
 * The tolerance an approval grants: up to the threshold without a tick; with the tick, up to the larger of the
 * threshold and the drift the approver was shown.
 */
export function toleranceFor(shownDrift: string, acknowledged: boolean): string {
  const shown = new Dec(shownDrift).abs();
  const threshold = new Dec(DRIFT_ACK_THRESHOLD_BPS);
  return (acknowledged && shown.gt(threshold) ? shown : threshold).toFixed(2);
}
