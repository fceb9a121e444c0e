import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTimeZone, getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { IntlScope } from '@/components/i18n/intl-scope';
import { getSubscription } from '@/lib/api/subscriptions';
import { can } from '@/lib/auth/permissions';
import { requirePage } from '@/lib/auth/session';
import type { SearchParams } from '@/lib/domain/lists/list-params';
import { attemptsSignature } from '@/lib/domain/webhooks/logs-watch';
import { getEnv } from '@/lib/env';
import { isNotFound } from '@/lib/errors';
import { redirectToDefaultView } from '@/lib/saved-views/view-service';
import { isUuid } from '@/lib/validation/uuid';
import { loadDeliveryLog } from '@/lib/webhooks/delivery-log-page';
import { DeliveryLogSection } from './_components/delivery-log-section';
import { HealthCard } from './_components/health-card';
import { HealthSection } from './_components/health-section';
import { LogWatcher } from './_components/log-watcher';
import { ReplayPanel } from './_components/replay-panel';
import { SandboxTools } from './_components/sandbox-tools';
import { SubscriptionHeader } from './_components/subscription-header';

type Props = { params: Promise<{ subscriptionId: string }>; searchParams: Promise<SearchParams> };

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('webhooks'))('metaTitle') };
}

/**
 * One subscription: delivery health, its execution logs (filters and page in the URL, new attempts appear on
 * the first page by themselves), the attempt panel (`?log=<id>`), replay of failed deliveries, and — sandbox
 * only — the tools that make deliveries fail and events happen. Every role reads; admins resend and replay.
 */
export default async function SubscriptionPage({ params, searchParams }: Props) {
  const user = await requirePage('/webhooks/[subscriptionId]');
  const { subscriptionId } = await params;
  if (!isUuid(subscriptionId)) notFound();
  const [sp, timeZone] = await Promise.all([searchParams, getTimeZone()]);
  const pathname = `/webhooks/${subscriptionId}`;
  await redirectToDefaultView(user, 'webhookLogs', pathname, sp);
  // Resolved before anything streams, so an unknown id answers 404 rather than a 200 page saying so.
  const { data: sub } = await getSubscription(subscriptionId).catch((error: unknown) => {
    if (isNotFound(error)) notFound();
    throw error;
  });
  const log = await loadDeliveryLog(subscriptionId, sp, timeZone);
  const canManage = can(user.role, 'webhooks:manage');
  return (
    <>
      <SubscriptionHeader sub={sub} />
      <LogWatcher subscriptionId={subscriptionId} signature={log.head ? attemptsSignature(log.head.data) : ''} active={log.firstPage} />
      <div className="space-y-6">
        <Suspense fallback={<HealthCard health={null} />}>
          <HealthSection subscriptionId={subscriptionId} createdAt={sub.createdAt} />
        </Suspense>
        <DeliveryLogSection log={log} pathname={pathname} searchParams={sp} user={user} canManage={canManage} />
        {canManage || log.job ? (
          <IntlScope namespaces={['webhooks']}>
            <ReplayPanel subscriptionId={subscriptionId} initialJob={log.job} canManage={canManage} />
          </IntlScope>
        ) : null}
        {canManage && getEnv().SANDBOX === 'on' ? (
          <IntlScope namespaces={['webhooks']}>
            <SandboxTools subscriptionId={subscriptionId} />
          </IntlScope>
        ) : null}
      </div>
    </>
  );
}
