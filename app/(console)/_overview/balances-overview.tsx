import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { AmountText } from '@/components/money/amount-text';
import { ServiceErrorAlert } from '@/components/forms/service-error-alert';
import { EmptyState } from '@/components/ui/empty-state';
import { listAccounts } from '@/lib/api/accounts';
import { getBalances } from '@/lib/api/balances';
import { buildFilters } from '@/lib/api/filters';
import type { Account } from '@/lib/api/schemas/account';
import type { Balances } from '@/lib/api/schemas/balances';
import { ownerName } from '@/lib/domain/accounts/owner';

// The overview shows the first page of active accounts; the account list pages through the rest.
const MAX_ACCOUNTS = 25;
// Balance calls per account run a few at a time so one page view cannot flood the service.
const CONCURRENCY = 5;

async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

type AccountBalances = { account: Account } & ({ balances: Balances } | { error: unknown });

function BalanceTiles({ balances }: { balances: Balances }) {
  const t = useTranslations('overview.balances');
  const entries = [...balances.fiat, ...balances.crypto];
  if (!entries.length) return <p className="text-sm text-fg-muted">{t('noAssets')}</p>;
  return (
    // Tiles never narrower than a large amount: they wrap to the next row instead of overprinting.
    <ul className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,13rem),1fr))] gap-2">
      {entries.map((entry, i) => (
        <li key={entry.amount?.asset ?? `unsynced-${i}`} className="min-w-0 rounded-md border border-border px-3 py-2">
          {entry.amount ? (
            <>
              <p className="text-xs font-medium text-fg-muted">{entry.amount.asset}</p>
              <AmountText amount={entry.amount} className="block text-base font-semibold break-words text-fg" />
              {!entry.synced ? <p className="text-xs text-fg-muted">{t('notSynced')}</p> : null}
            </>
          ) : (
            <p className="text-sm text-fg-muted">{t('unavailable')}</p>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Balances of every ACTIVE account, per asset, formatted from the service's decimal strings. */
export async function BalancesOverview() {
  const t = await getTranslations('overview.balances');
  let accounts: Account[];
  let more = false;
  try {
    const page = await listAccounts({
      limit: MAX_ACCOUNTS,
      sortOrder: 'ASCENDING',
      filters: buildFilters([{ field: 'status', op: 'eq', value: 'ACTIVE' }]),
    });
    accounts = page.data;
    more = page.meta.nextCursor !== null;
  } catch (error) {
    return <ServiceErrorAlert error={error} title={t('failed')} />;
  }
  if (accounts.length === 0) {
    return (
      <EmptyState
        title={t('emptyTitle')}
        description={t('emptyBody')}
        action={
          <Link href="/accounts" className="text-sm font-medium text-accent-text hover:underline">
            {t('goToAccounts')}
          </Link>
        }
      />
    );
  }
  const rows: AccountBalances[] = await mapLimited(accounts, CONCURRENCY, async (account) => {
    try {
      return { account, balances: (await getBalances(account.id)).data };
    } catch (error) {
      return { account, error };
    }
  });
  return (
    <div className="space-y-5">
      {rows.map((row) => (
        <section key={row.account.id} aria-labelledby={`bal-${row.account.id}`}>
          <h3 id={`bal-${row.account.id}`} className="mb-2 text-sm font-semibold [overflow-wrap:anywhere]">
            <Link href={`/accounts/${row.account.id}`} className="text-accent-text hover:underline">
              {ownerName(row.account.owner)}
            </Link>
          </h3>
          {'balances' in row ? (
            <BalanceTiles balances={row.balances} />
          ) : (
            <ServiceErrorAlert error={row.error} title={t('accountFailed')} />
          )}
        </section>
      ))}
      {more ? (
        <Link href="/accounts?status=ACTIVE" className="text-sm text-accent-text hover:underline">
          {t('seeAll')}
        </Link>
      ) : null}
    </div>
  );
}
