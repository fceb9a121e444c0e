import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CursorPagination } from '@/components/data-table/cursor-pagination';
import { ServiceErrorAlert } from '@/components/forms/service-error-alert';
import { IntlScope } from '@/components/i18n/intl-scope';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { can } from '@/lib/auth/permissions';
import { requirePage } from '@/lib/auth/session';
import { parseListParams, type SearchParams } from '@/lib/domain/lists/list-params';
import { getEnv } from '@/lib/env';
import { deliveryReach } from '@/lib/webhooks/delivery-reach';
import { loadSubscriptionList } from '@/lib/webhooks/subscription-list-page';
import { CreateSubscriptionButton } from './_components/create-subscription';
import { SubscriptionList } from './_components/subscription-list';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('webhooks'))('metaTitle') };
}

/** Subscriptions, each with its last-24-hours delivery summary; admins create and delete (with a confirmation). */
export default async function WebhooksPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requirePage('/webhooks');
  const t = await getTranslations('webhooks');
  const sp = await searchParams;
  const paging = parseListParams(sp);
  const canManage = can(user.role, 'webhooks:manage');
  const create = canManage ? (
    <IntlScope namespaces={['webhooks', 'validation']}>
      <CreateSubscriptionButton sandboxOn={getEnv().SANDBOX === 'on'} reach={deliveryReach()} />
    </IntlScope>
  ) : null;
  const list = await loadSubscriptionList(paging);
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={create} />
      {!list.ok ? (
        <ServiceErrorAlert error={list.failure} title={t('list.failed')} />
      ) : list.rows.length === 0 && !paging.cursor ? (
        <EmptyState title={t('list.emptyTitle')} description={canManage ? t('list.emptyDescription') : t('list.emptyReadOnly')} action={create} />
      ) : (
        <div className="space-y-4">
          <SubscriptionList rows={list.rows} canManage={canManage} />
          <CursorPagination pathname="/webhooks" searchParams={sp} meta={list.meta} itemCount={list.rows.length} />
        </div>
      )}
    </>
  );
}
