import 'server-only';
import { keyReviewOf } from '@/lib/beneficiaries/key-reviews';
import type { ConsoleDb } from '@/lib/db/client';
import { payoutBlock } from '@/lib/domain/beneficiaries/key-review';
import { PayoutError } from './errors';

/**
 * The team's own review of the key, on top of the service's APPROVED (checked by the caller): a key nobody other
 * than its creator has approved, or one the team rejected, receives no payout — refused at request and again at
 * approval, on the key's field.
 */
export async function assertKeyReviewed(instructionId: string, db: ConsoleDb): Promise<void> {
  const record = await keyReviewOf(instructionId, db);
  const block = payoutBlock('APPROVED', record);
  if (block === null) return;
  const details = { instructionId, creatorName: record?.creatorName ?? null };
  if (block === 'REJECTED') {
    throw new PayoutError('KEY_REJECTED', details, { instructionId: 'KEY_REJECTED' });
  }
  throw new PayoutError('KEY_NOT_REVIEWED', details, { instructionId: 'KEY_NOT_REVIEWED' });
}
