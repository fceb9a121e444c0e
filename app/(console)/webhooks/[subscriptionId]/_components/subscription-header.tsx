import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { PageHeader } from '@/components/ui/page-header';
import type { Subscription } from '@/lib/api/schemas/subscription';

/** The subscription's URL as the title, with what it receives, whether it retries and when it was made. */
export async function SubscriptionHeader({ sub }: { sub: Subscription }) {
  const t = await getTranslations('webhooks');
  const eventCount = sub.resources.reduce((n, r) => n + r.events.length, 0);
  return (
    <PageHeader
      breadcrumb={
        <Link href="/webhooks" className="text-accent-text hover:underline">
          <span aria-hidden="true">←</span> {t('detail.back')}
        </Link>
      }
      title={<span className="break-all">{sub.url}</span>}
      description={
        <>
          {sub.includeAll ? t('list.allEvents') : t('list.eventCount', { count: eventCount })} ·{' '}
          {sub.allowRetry ? t('detail.retriesOn') : t('detail.retriesOff')} · {t('list.created')} <DateTimeText value={sub.createdAt} />
        </>
      }
    />
  );
}
