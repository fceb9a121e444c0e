import 'server-only';
import { listAccounts } from '@/lib/api/accounts';
import { listBeneficiaries } from '@/lib/api/beneficiaries';
import { keyReviewsFor } from '@/lib/beneficiaries/key-reviews';
import { ownerName } from '@/lib/domain/accounts/owner';
import { holderName } from '@/lib/domain/beneficiaries/holder';
import { payoutBlock } from '@/lib/domain/beneficiaries/key-review';
import { pixKeyOf } from '@/lib/domain/beneficiaries/view';

/**
 * What a payout may be requested from and to: ACTIVE accounts with their ACTIVE assets, and every beneficiary's keys
 * with what holds each back (a key needs the service's approval and the team's own review,
 * lib/domain/beneficiaries/key-review.ts). The page words them in the reader's language.
 */
export async function loadRequestOptions() {
  const [accounts, beneficiaries] = await Promise.all([listAccounts({ limit: 100 }), listBeneficiaries({ limit: 100 })]);
  const reviews = await keyReviewsFor(beneficiaries.data.flatMap((b) => (b.paymentInstructions ?? []).map((i) => i.id)));
  return {
    accounts: accounts.data
      .filter((a) => a.currentState.status === 'ACTIVE')
      .map((a) => ({ id: a.id, name: ownerName(a.owner), assets: a.assets.filter((x) => x.status === 'ACTIVE').map((x) => x.asset) })),
    beneficiaries: beneficiaries.data.map((b) => ({
      id: b.id,
      name: holderName(b.holder as { type: string }),
      instructions: (b.paymentInstructions ?? []).map((i) => {
        const review = reviews.get(i.id);
        return {
          id: i.id,
          asset: i.asset,
          key: pixKeyOf(i),
          status: i.currentState.status,
          block: payoutBlock(i.currentState.status, review),
          reviewCreatorName: review?.creatorName ?? null,
        };
      }),
    })),
  };
}

export type RequestOptions = Awaited<ReturnType<typeof loadRequestOptions>>;
