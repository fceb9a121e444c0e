import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { IntlScope } from '@/components/i18n/intl-scope';
import { AmountText } from '@/components/money/amount-text';
import { PayoutStatusBadge } from '@/components/payouts/payout-status-badge';
import { buttonVariants } from '@/components/ui/button-variants';
import { CardList, CardListFacts, CardListItem } from '@/components/ui/card-list';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { requirePage } from '@/lib/auth/session';
import { can } from '@/lib/auth/permissions';
import { isPayoutStatus } from '@/lib/domain/payouts';
import { getTieredPolicy, listPayouts, referenceCurrency, type PayoutScope } from '@/lib/payouts';
import { SavedViewsMenu } from '@/components/saved-views/saved-views-menu';
import { redirectToDefaultView } from '@/lib/saved-views/view-service';
import { controlChangeDelayHours, listPendingControlChanges } from '@/lib/control-changes/service';
import { LazyPolicyEditor } from './_components/lazy-policy-editor';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('payouts.list'))('metaTitle') };
}

type SearchParams = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function PayoutsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requirePage('/payouts');
  const params = await searchParams;
  await redirectToDefaultView(user, 'payouts', '/payouts', params);
  const t = await getTranslations('payouts.list');
  const tb = await getTranslations('payoutBatches');
  const approver = can(user.role, 'payouts:approve');
  const views: PayoutScope[] = approver ? ['inbox', 'mine', 'all'] : can(user.role, 'payouts:request') ? ['mine', 'all'] : ['all'];
  const requested = one(params.view) as PayoutScope | undefined;
  const view: PayoutScope = requested && views.includes(requested) ? requested : views[0]!;
  const status = one(params.status);
  const cursor = one(params.cursor) ?? null;
  const page = await listPayouts({ scope: view, userId: user.id, status: isPayoutStatus(status) ? status : undefined, cursor, limit: 20 });
  const policy = can(user.role, 'payouts:policy') ? await getTieredPolicy() : null;
  const pendingPolicy = policy ? ((await listPendingControlChanges()).find((c) => c.kind === 'payouts.policy') ?? null) : null;

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          can(user.role, 'payouts:request') ? (
            <div className="flex flex-wrap gap-2">
              <Link href="/payouts/batches" className={buttonVariants({ variant: 'secondary' })}>
                {tb('link')}
              </Link>
              <Link href="/payouts/new" className={buttonVariants()}>
                {t('new')}
              </Link>
            </div>
          ) : null
        }
      />
      <SavedViewsMenu list="payouts" pathname="/payouts" searchParams={params} user={user} />
      <nav aria-label={t('views')} className="mb-4 flex flex-wrap gap-2">
        {views.map((v) => (
          <Link
            key={v}
            href={`/payouts?view=${v}`}
            aria-current={v === view ? 'page' : undefined}
            className={buttonVariants({ variant: v === view ? 'primary' : 'secondary', size: 'sm' })}
          >
            {t(`view.${v}`)}
          </Link>
        ))}
      </nav>
      {page.data.length === 0 ? (
        <EmptyState title={t(`empty.${view}`)} description={t('emptyDescription')} />
      ) : (
        <>
          {/* Wide screens: a table; phones: one card per request, as on /accounts and /operations. */}
          <div className="hidden sm:block">
            <Table label={t(`view.${view}`)}>
              <THead>
                <TR>
                  {/* Status right after who and how much, as on the cards. */}
                  <TH>{t('col.beneficiary')}</TH>
                  <TH>{t('col.amount')}</TH>
                  <TH>{t('col.status')}</TH>
                  <TH>{t('col.created')}</TH>
                  <TH>{t('col.requester')}</TH>
                  <TH>{t('col.approvals')}</TH>
                </TR>
              </THead>
              <TBody>
                {page.data.map((p) => (
                  <TR key={p.id} data-testid={`payout-row-${p.id}`}>
                    <TD>
                      <Link href={`/payouts/${p.id}`} className="font-medium underline underline-offset-4 [overflow-wrap:anywhere]">
                        {p.beneficiaryName}
                      </Link>
                    </TD>
                    <TD className="whitespace-nowrap">
                      <AmountText amount={{ value: p.amount, asset: p.fixedSide === 'source' ? p.sourceAsset : p.targetAsset }} />
                    </TD>
                    <TD>
                      <PayoutStatusBadge status={p.status} />
                    </TD>
                    <TD className="whitespace-nowrap">
                      <DateTimeText value={p.createdAt.toISOString()} />
                    </TD>
                    <TD>{p.requesterName}</TD>
                    <TD className="tabular-nums">{p.requiredApprovals}</TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          </div>
          <CardList aria-label={t(`view.${view}`)} className="sm:hidden">
            {page.data.map((p) => (
              <CardListItem key={p.id} data-testid={`payout-card-${p.id}`}>
                <div className="flex items-start justify-between gap-3">
                  <Link href={`/payouts/${p.id}`} className="min-w-0 font-medium underline underline-offset-4 [overflow-wrap:anywhere]">
                    {p.beneficiaryName}
                  </Link>
                  <PayoutStatusBadge status={p.status} />
                </div>
                <p className="mt-1 text-sm font-medium">
                  <AmountText amount={{ value: p.amount, asset: p.fixedSide === 'source' ? p.sourceAsset : p.targetAsset }} />
                </p>
                <CardListFacts
                  facts={[
                    [t('col.created'), <DateTimeText key="created" value={p.createdAt.toISOString()} />],
                    [t('col.requester'), p.requesterName],
                    [t('col.approvals'), <span key="approvals" className="tabular-nums">{p.requiredApprovals}</span>],
                  ]}
                />
              </CardListItem>
            ))}
          </CardList>
        </>
      )}
      <nav aria-label={t('pages')} className="mt-4 flex justify-end gap-2">
        {cursor ? (
          <Link href={`/payouts?view=${view}`} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
            {t('first')}
          </Link>
        ) : null}
        {page.nextCursor ? (
          <Link href={`/payouts?view=${view}&cursor=${encodeURIComponent(page.nextCursor)}`} rel="next" className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
            {t('next')}
          </Link>
        ) : null}
      </nav>
      {policy ? (
        <IntlScope namespaces={['approvalPolicy', 'controlChanges']}>
          <LazyPolicyEditor
            view={{
              policy: policy.policy,
              currency: referenceCurrency(),
              saved: policy.saved,
              updatedByEmail: policy.updatedByEmail,
              updatedAt: policy.updatedAt?.toISOString() ?? null,
              waiting: pendingPolicy ? { requestedByEmail: pendingPolicy.requestedByEmail } : null,
              delayHours: controlChangeDelayHours(),
            }}
          />
        </IntlScope>
      ) : null}
    </>
  );
}
