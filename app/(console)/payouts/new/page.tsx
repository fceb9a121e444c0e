import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { ServiceErrorAlert } from '@/components/forms/service-error-alert';
import { IntlScope } from '@/components/i18n/intl-scope';
import { PageHeader } from '@/components/ui/page-header';
import { listAccounts } from '@/lib/api/accounts';
import { listBeneficiaries } from '@/lib/api/beneficiaries';
import { requirePage } from '@/lib/auth/session';
import { ownerName } from '@/lib/domain/accounts/owner';
import { keyReviewsFor } from '@/lib/beneficiaries/key-reviews';
import { holderName } from '@/lib/domain/beneficiaries/holder';
import { payoutBlock } from '@/lib/domain/beneficiaries/key-review';
import { pixKeyOf } from '@/lib/domain/beneficiaries/view';
import { firstParam, type SearchParams } from '@/lib/domain/lists/list-params';
import { RequestPayoutForm, type AccountOption, type BeneficiaryOption } from './_components/request-payout-form';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('payouts.new'))('metaTitle') };
}

export default async function NewPayoutPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requirePage('/payouts/new');
  const sp = await searchParams;
  const t = await getTranslations('payouts.new');
  const tk = await getTranslations('beneficiaries.keyType');
  const ts = await getTranslations('status');
  const tr = await getTranslations('keyReview.payoutOption');
  const header = (
    <PageHeader
      breadcrumb={
        <Link href="/payouts" className="hover:text-fg hover:underline">
          ← {t('breadcrumb')}
        </Link>
      }
      title={t('title')}
      description={t('description')}
    />
  );
  let loaded: [Awaited<ReturnType<typeof listAccounts>>, Awaited<ReturnType<typeof listBeneficiaries>>];
  try {
    loaded = await Promise.all([listAccounts({ limit: 100 }), listBeneficiaries({ limit: 100 })]);
  } catch (error) {
    return (
      <>
        {header}
        <ServiceErrorAlert error={error} title={t('loadFailed')} />
      </>
    );
  }
  const [accounts, beneficiaries] = loaded;
  // A key needs the service's approval and the team's own review (lib/domain/beneficiaries/key-review.ts).
  const reviews = await keyReviewsFor(beneficiaries.data.flatMap((b) => (b.paymentInstructions ?? []).map((i) => i.id)));
  const accountOptions: AccountOption[] = accounts.data
    .filter((a) => a.currentState.status === 'ACTIVE')
    .map((a) => ({ id: a.id, name: ownerName(a.owner), assets: a.assets.filter((x) => x.status === 'ACTIVE').map((x) => x.asset) }));
  // Labels are made here, in the reader's language: the form only shows them and knows which may be chosen.
  const beneficiaryOptions: BeneficiaryOption[] = beneficiaries.data.map((b) => {
    const instructions = (b.paymentInstructions ?? []).map((i) => {
      const key = pixKeyOf(i);
      const name = key ? `${tk.has(key.type) ? tk(key.type) : key.type} · ${key.display} (${i.asset})` : i.id;
      const status = i.currentState.status;
      const review = reviews.get(i.id);
      const block = payoutBlock(status, review);
      const label =
        block === null
          ? name
          : block === 'SERVICE_STATUS'
            ? t('instructionNotApproved', { label: name, status: ts.has(status) ? ts(status) : status })
            : block === 'REJECTED'
              ? tr('rejected', { label: name })
              : review?.creatorName
                ? tr('waitingFor', { label: name, name: review.creatorName })
                : tr('waitingForAnyone', { label: name });
      return { id: i.id, asset: i.asset, payable: block === null, waiting: block === 'AWAITING_REVIEW', label };
    });
    const name = holderName(b.holder as { type: string });
    // Nothing payable but a key only the team's review holds back: say so instead of "no approved key".
    const waiting = !instructions.some((i) => i.payable) && instructions.some((i) => i.waiting);
    return { id: b.id, name, unpayableLabel: waiting ? tr('beneficiaryWaiting', { name }) : t('noApprovedInstruction', { name }), instructions };
  });
  return (
    <>
      {header}
      <div className="max-w-4xl">
        <IntlScope namespaces={['payouts', 'keyReview']}>
          <RequestPayoutForm accounts={accountOptions} beneficiaries={beneficiaryOptions} initialBeneficiaryId={firstParam(sp, 'beneficiaryId')} />
        </IntlScope>
      </div>
    </>
  );
}
