// Pure: when an operation that is not yet COMPLETED or FAILED deserves a warning.
import { DEFAULT_STUCK_THRESHOLDS, thresholdMinutes, type StuckThresholds } from '@/lib/config/operations-stuck';
import { isTerminal } from './view';

/**
 * Not terminal and older than its type's threshold, counted from creation (what the customer waits on, whatever
 * intermediate states it went through).
 */
export function isStuck(
  op: { intent: { type: string }; currentState: { status: string }; createdAt: string },
  now: Date,
  thresholds: StuckThresholds = DEFAULT_STUCK_THRESHOLDS,
): boolean {
  if (isTerminal(op.currentState.status)) return false;
  const created = Date.parse(op.createdAt);
  if (Number.isNaN(created)) return false;
  return now.getTime() - created >= thresholdMinutes(op.intent.type, thresholds) * 60_000;
}
