import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { CursorPagination } from '@/components/data-table/cursor-pagination';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { IntlScope } from '@/components/i18n/intl-scope';
import { policySentences, type PolicyTranslator } from '@/components/payouts/approval-sentences';
import { PolicyInWords } from '@/components/payouts/policy-in-words';
import { SavedViewsMenu } from '@/components/saved-views/saved-views-menu';
import { buttonVariants } from '@/components/ui/button-variants';
import { Alert } from '@/components/ui/alert';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { can } from '@/lib/auth/permissions';
import { requirePage } from '@/lib/auth/session';
import { hrefWith, type SearchParams } from '@/lib/domain/lists/list-params';
import { loadPolicyEditorView } from '@/lib/control-changes/payout-policy-view';
import { loadPayoutList } from '@/lib/payouts/payout-list-page';
import { redirectToDefaultView } from '@/lib/saved-views/view-service';
import { PayoutList } from './_components/payout-list';
import { PayoutViewsNav } from './_components/payout-views-nav';
import { PolicyEditorLauncher } from './_components/policy-editor-launcher';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('payouts.list'))('metaTitle') };
}

export default async function PayoutsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requirePage('/payouts');
  const sp = await searchParams;
  await redirectToDefaultView(user, 'payouts', '/payouts', sp);
  const [t, tb, tp, tc, locale] = await Promise.all([
    getTranslations('payouts.list'),
    getTranslations('payoutBatches'),
    getTranslations('approvalPolicy'),
    getTranslations('controlChanges'),
    getLocale(),
  ]);
  const [{ views, view, page, cursor }, policy] = await Promise.all([loadPayoutList(user, sp), loadPolicyEditorView(user.role)]);
  const actions = can(user.role, 'payouts:request') ? (
    <div className="flex flex-wrap gap-2">
      <Link href="/payouts/batches" className={buttonVariants({ variant: 'secondary' })}>
        {tb('link')}
      </Link>
      <Link href="/payouts/new" className={buttonVariants()}>
        {t('new')}
      </Link>
    </div>
  ) : null;
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={actions} />
      <SavedViewsMenu list="payouts" pathname="/payouts" searchParams={sp} user={user} />
      <PayoutViewsNav views={views} view={view} />
      {page.data.length === 0 ? (
        <EmptyState title={t(`empty.${view}`)} description={t('emptyDescription')} />
      ) : (
        <PayoutList payouts={page.data} label={t(`view.${view}`)} />
      )}
      <CursorPagination
        className="mt-4"
        pathname="/payouts"
        searchParams={sp}
        meta={{ previousCursor: null, nextCursor: page.nextCursor }}
        itemCount={page.data.length}
        firstHref={cursor ? hrefWith('/payouts', sp, { cursor: null, direction: null }) : null}
      />
      {policy ? (
        <IntlScope namespaces={['approvalPolicy', 'controlChanges']}>
          {/* Everything an admin reads here is worded on the server, with the first paint; the editor, which reads and
              formats amounts as they are typed, is built only when opened (PolicyEditorLauncher). */}
          <Card className="mt-8">
            <CardHeader title={tp('editor.title')} description={tp('editor.description', { currency: policy.currency })} />
            <CardBody className="space-y-6">
              {policy.waiting ? (
                <Alert tone="warning" title={tc('needsSecondAdmin')}>
                  <span data-testid="policy-pending">{tc('policyPending', { who: policy.waiting.requestedByEmail })}</span>
                </Alert>
              ) : null}
              <p className="text-xs text-fg-muted" data-testid="policy-second-admin-note">
                {tc('policyNote', { hours: policy.delayHours })}
              </p>
              {!policy.saved ? <p className="text-sm text-fg-muted">{tp('editor.derived', { currency: policy.currency })}</p> : null}
              {policy.saved && policy.updatedAt ? (
                <p className="text-sm text-fg-muted" data-testid="policy-changed-by">
                  {tp('editor.changedBy', { who: policy.updatedByEmail ?? '—' })} <DateTimeText value={policy.updatedAt} />
                </p>
              ) : null}
              <PolicyEditorLauncher view={policy} label={tp('editor.edit')}>
                <PolicyInWords
                  title={tp('editor.summaryTitle')}
                  sentences={policySentences(tp as unknown as PolicyTranslator, policy.policy, policy.currency, locale)}
                />
              </PolicyEditorLauncher>
            </CardBody>
          </Card>
        </IntlScope>
      ) : null}
    </>
  );
}
