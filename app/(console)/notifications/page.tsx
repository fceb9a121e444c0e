import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { IntlScope } from '@/components/i18n/intl-scope';
import { PageHeader } from '@/components/ui/page-header';
import { requirePage } from '@/lib/auth/session';
import { INBOX_PAGE_SIZE } from '@/lib/domain/notifications/kinds';
import { loadNotificationSettings } from '@/lib/notifications/settings-page';
import { readInbox } from '@/lib/notifications/inbox';
import {
  LazyInboxList as InboxList,
  LazyPreferencesForm as PreferencesForm,
  LazyThresholdsPanel as ThresholdsPanel,
} from './_components/lazy-parts';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('notifications'))('title') };
}

/**
 * The signed-in user's inbox (its first page read here, then kept by react-query in the browser, live), the kinds they
 * get, and — for admins —
 * the low-balance thresholds. Thresholds are here rather than on each account page: one list shows every watched
 * account and asset at once, next to the alerts they produce.
 */
export default async function NotificationsPage() {
  const user = await requirePage('/notifications');
  const t = await getTranslations('notifications');
  const [{ offered, muted, admin }, firstPage] = await Promise.all([
    loadNotificationSettings(user),
    readInbox(user.id, { limit: INBOX_PAGE_SIZE }),
  ]);
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <IntlScope namespaces={['notifications', 'validation']}>
        <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <InboxList initial={firstPage} />
          <div className="space-y-8">
            <PreferencesForm offered={offered} muted={muted} />
            {admin ? <ThresholdsPanel accounts={admin.accounts} thresholds={admin.thresholds} /> : null}
          </div>
        </div>
      </IntlScope>
    </>
  );
}
