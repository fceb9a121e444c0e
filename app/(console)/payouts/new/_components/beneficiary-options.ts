import { getTranslations } from 'next-intl/server';
import type { RequestOptions } from '@/lib/payouts/request-options';
import type { BeneficiaryOption } from './request-payout-form';

/** Labels are made here, in the reader's language: the form only shows them and knows which may be chosen. */
export async function beneficiaryOptions(beneficiaries: RequestOptions['beneficiaries']): Promise<BeneficiaryOption[]> {
  const [t, tk, ts, tr] = await Promise.all([
    getTranslations('payouts.new'),
    getTranslations('beneficiaries.keyType'),
    getTranslations('status'),
    getTranslations('keyReview.payoutOption'),
  ]);
  return beneficiaries.map((b) => {
    const instructions = b.instructions.map((i) => {
      const name = i.key ? `${tk.has(i.key.type) ? tk(i.key.type) : i.key.type} · ${i.key.display} (${i.asset})` : i.id;
      const label =
        i.block === null
          ? name
          : i.block === 'SERVICE_STATUS'
            ? t('instructionNotApproved', { label: name, status: ts.has(i.status) ? ts(i.status) : i.status })
            : i.block === 'REJECTED'
              ? tr('rejected', { label: name })
              : i.reviewCreatorName
                ? tr('waitingFor', { label: name, name: i.reviewCreatorName })
                : tr('waitingForAnyone', { label: name });
      return { id: i.id, asset: i.asset, payable: i.block === null, waiting: i.block === 'AWAITING_REVIEW', label };
    });
    // Nothing payable but a key only the team's review holds back: say so instead of "no approved key".
    const waiting = !instructions.some((i) => i.payable) && instructions.some((i) => i.waiting);
    return { id: b.id, name: b.name, unpayableLabel: waiting ? tr('beneficiaryWaiting', { name: b.name }) : t('noApprovedInstruction', { name: b.name }), instructions };
  });
}
