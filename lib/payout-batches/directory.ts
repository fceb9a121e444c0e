import 'server-only';
import { listBeneficiaries } from '@/lib/api/beneficiaries';
import type { ApiClient } from '@/lib/api/client';
import { iterateItems } from '@/lib/api/pagination';
import { keyReviewsFor } from '@/lib/beneficiaries/key-reviews';
import type { ConsoleDb } from '@/lib/db/client';
import { holderName } from '@/lib/domain/beneficiaries/holder';
import type { KnownBeneficiary } from '@/lib/domain/payout-batches/row-validation';

/**
 * Every saved beneficiary with its PIX keys, the service's status of each key and the team's review of it: what a
 * batch's rows are checked against. Read whole (100 per page) once per preview and once per submit.
 */
export async function loadBeneficiaryDirectory(db: ConsoleDb, client?: ApiClient): Promise<KnownBeneficiary[]> {
  const out: KnownBeneficiary[] = [];
  for await (const b of iterateItems((cursor) => listBeneficiaries({ limit: 100, cursor: cursor ?? undefined }, { client }))) {
    const holder = b.holder as { type: string; taxId?: { value?: unknown } };
    const taxId = typeof holder.taxId?.value === 'string' ? holder.taxId.value : '';
    out.push({
      id: b.id,
      name: holderName(holder),
      taxId,
      keys: (b.paymentInstructions ?? []).flatMap((i) => {
        const address = i.address as { rail: string; dictKey?: unknown; dictKeyType?: unknown };
        if (address.rail !== 'PIX_KEY' || typeof address.dictKey !== 'string') return [];
        return [{ instructionId: i.id, asset: i.asset, dictKey: address.dictKey, dictKeyType: String(address.dictKeyType ?? ''), serviceStatus: i.currentState.status, review: null }];
      }),
    });
  }
  const reviews = await keyReviewsFor(out.flatMap((b) => b.keys.map((k) => k.instructionId)), db);
  for (const b of out) for (const k of b.keys) k.review = reviews.get(k.instructionId) ?? null;
  return out;
}
