import 'server-only';
import { getBeneficiary } from '@/lib/api/beneficiaries';
import type { Beneficiary } from '@/lib/api/schemas/beneficiary';
import { payoutBlock, type KeyReviewRecord } from '@/lib/domain/beneficiaries/key-review';
import { isNotFound } from '@/lib/errors';
import { keyReviewsFor } from './key-reviews';

export type BeneficiaryView = {
  beneficiary: Beneficiary;
  /** The team's own review of each key (by instruction id): a payout needs it on top of the service's approval. */
  reviews: Map<string, KeyReviewRecord>;
  /** A review decision is awaited from the service: the page follows it live. */
  pending: boolean;
  /** At least one key may be paid to now. */
  payable: boolean;
};

/**
 * One beneficiary with the team's key reviews. Unknown and other companies' ids both answer 404: `missing`, for a
 * not-found page rather than an error; any other failure comes back as `failure`, for the page to word.
 */
export async function loadBeneficiary(id: string): Promise<{ ok: true; view: BeneficiaryView } | { ok: false; missing: boolean; failure: unknown }> {
  let beneficiary: Beneficiary;
  try {
    beneficiary = (await getBeneficiary(id)).data;
  } catch (error) {
    return { ok: false, missing: isNotFound(error), failure: error };
  }
  const instructions = beneficiary.paymentInstructions;
  const reviews = await keyReviewsFor(instructions.map((i) => i.id));
  return {
    ok: true,
    view: {
      beneficiary,
      reviews,
      pending: instructions.some((i) => i.currentState.status === 'PENDING_REVIEW'),
      payable: instructions.some((i) => payoutBlock(i.currentState.status, reviews.get(i.id)) === null),
    },
  };
}
