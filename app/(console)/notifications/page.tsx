import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { IntlScope } from '@/components/i18n/intl-scope';
import { PageHeader } from '@/components/ui/page-header';
import { listAccounts } from '@/lib/api/accounts';
import { can } from '@/lib/auth/permissions';
import { requirePage } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { ownerName } from '@/lib/domain/accounts/owner';
import { kindsForRole } from '@/lib/domain/notifications/kinds';
import { listThresholds, mutedKinds } from '@/lib/notifications/store';
import {
  LazyInboxList as InboxList,
  LazyPreferencesForm as PreferencesForm,
  LazyThresholdsPanel as ThresholdsPanel,
} from './_components/lazy-parts';
import type { ThresholdAccount } from './_components/thresholds-panel';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('notifications'))('title') };
}

/**
 * The signed-in user's inbox (fetched in the browser with react-query, live), the kinds they get, and — for admins —
 * the low-balance thresholds. Thresholds are here rather than on each account page: one list shows every watched
 * account and asset at once, next to the alerts they produce.
 */
export default async function NotificationsPage() {
  const user = await requirePage('/notifications');
  const t = await getTranslations('notifications');
  const db = await getDb();
  const offered = kindsForRole(user.role);
  const muted = [...((await mutedKinds(db, [user.id])).get(user.id) ?? [])].filter((k) => (offered as string[]).includes(k));
  const admin = can(user.role, 'payouts:policy');

  let thresholds: Awaited<ReturnType<typeof listThresholds>> = [];
  let accounts: ThresholdAccount[] | null = null;
  if (admin) {
    thresholds = await listThresholds(db);
    try {
      const page = await listAccounts({ limit: 100, sortOrder: 'ASCENDING' });
      accounts = page.data.map((a) => ({ id: a.id, name: ownerName(a.owner), assets: a.assets.map((x) => x.asset) }));
    } catch {
      accounts = null;
    }
  }

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <IntlScope namespaces={['notifications', 'validation']}>
        <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <InboxList />
          <div className="space-y-8">
            <PreferencesForm offered={offered} muted={muted} />
            {admin ? (
              <ThresholdsPanel
                accounts={accounts}
                thresholds={thresholds.map((r) => ({
                  accountId: r.accountId,
                  asset: r.asset,
                  threshold: r.threshold,
                  below: r.belowSince !== null,
                  updatedByEmail: r.updatedByEmail,
                  updatedAt: r.updatedAt.toISOString(),
                }))}
              />
            ) : null}
          </div>
        </div>
      </IntlScope>
    </>
  );
}
