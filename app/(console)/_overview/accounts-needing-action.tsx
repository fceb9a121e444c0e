import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { ServiceErrorAlert } from '@/components/forms/service-error-alert';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { listAccounts } from '@/lib/api/accounts';
import { buildFilters } from '@/lib/api/filters';
import { ownerName } from '@/lib/domain/accounts/owner';

const SHOWN = 10;

/** Accounts in ACTION_REQUIRED with how many items are currently due, each linking to its checklist. */
export async function AccountsNeedingAction() {
  const t = await getTranslations('overview.needingAction');
  let page;
  try {
    page = await listAccounts({
      limit: SHOWN,
      sortOrder: 'DESCENDING',
      filters: buildFilters([{ field: 'status', op: 'eq', value: 'ACTION_REQUIRED' }]),
    });
  } catch (error) {
    return <ServiceErrorAlert error={error} title={t('failed')} />;
  }
  if (page.data.length === 0) {
    return <EmptyState title={t('emptyTitle')} description={t('emptyBody')} />;
  }
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-border">
        {page.data.map((account) => {
          const due = account.requirements.currentlyDue.length;
          const rejected = account.requirements.errors.length;
          const name = ownerName(account.owner);
          return (
            <li key={account.id} className="flex items-center justify-between gap-3 py-2.5">
              <Link
                href={`/accounts/${account.id}`}
                title={name}
                className="min-w-0 truncate text-sm font-medium text-accent-text hover:underline"
              >
                {name}
              </Link>
              <span className="flex shrink-0 gap-1.5">
                <Badge tone="warning">{t('due', { count: due })}</Badge>
                {rejected ? <Badge tone="danger">{t('rejected', { count: rejected })}</Badge> : null}
              </span>
            </li>
          );
        })}
      </ul>
      {page.meta.nextCursor ? (
        <Link href="/accounts?status=ACTION_REQUIRED" className="text-sm text-accent-text hover:underline">
          {t('seeAll')}
        </Link>
      ) : null}
    </div>
  );
}
