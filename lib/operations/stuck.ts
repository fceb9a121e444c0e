import 'server-only';
import type { Operation } from '@/lib/api/schemas/operation';
import { now } from '@/lib/clock';
import { getEnv } from '@/lib/env';
import { thresholdMinutes } from '@/lib/config/operations-stuck';
import { isStuck } from '@/lib/domain/operations/stuck';

/**
 * The stuck check as pages use it: the configured thresholds (`OPERATIONS_STUCK_MINUTES`) and the server's clock.
 * Returns the type's limit in minutes when the operation is stuck, else null.
 */
export function stuckMinutes(op: Pick<Operation, 'intent' | 'currentState' | 'createdAt'>, at: Date = now()): number | null {
  const thresholds = getEnv().OPERATIONS_STUCK_MINUTES;
  return isStuck(op, at, thresholds) ? thresholdMinutes(op.intent.type, thresholds) : null;
}
