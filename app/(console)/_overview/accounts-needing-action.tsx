import Link from 'next/link';
import { ServiceErrorAlert } from '@/components/forms/service-error-alert';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { listAccounts } from '@/lib/api/accounts';
import { buildFilters } from '@/lib/api/filters';
import { ownerName } from '@/lib/domain/accounts/owner';

const SHOWN = 10;

/** Accounts in ACTION_REQUIRED with how many items are currently due, each linking to its checklist. */
export async function AccountsNeedingAction() {
  let page;
  try {
    page = await listAccounts({
      limit: SHOWN,
      sortOrder: 'DESCENDING',
      filters: buildFilters([{ field: 'status', op: 'eq', value: 'ACTION_REQUIRED' }]),
    });
  } catch (error) {
    return <ServiceErrorAlert error={error} title="Accounts that need action could not be loaded" />;
  }
  if (page.data.length === 0) {
    return <EmptyState title="Nothing needs action" description="No account is waiting for documents or data." />;
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
                <Badge tone="warning">{due} due</Badge>
                {rejected ? <Badge tone="danger">{rejected} rejected</Badge> : null}
              </span>
            </li>
          );
        })}
      </ul>
      {page.meta.nextCursor ? (
        <Link href="/accounts?status=ACTION_REQUIRED" className="text-sm text-accent-text hover:underline">
          See all accounts that need action
        </Link>
      ) : null}
    </div>
  );
}
