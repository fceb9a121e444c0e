import Link from 'next/link';
import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { AmountText } from '@/components/money/amount-text';
import { ServiceErrorAlert } from '@/components/forms/service-error-alert';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton, SkeletonRows } from '@/components/ui/skeleton';
import { listAccounts } from '@/lib/api/accounts';
import { getBalances } from '@/lib/api/balances';
import { buildFilters } from '@/lib/api/filters';
import type { Account } from '@/lib/api/schemas/account';
import type { Balances } from '@/lib/api/schemas/balances';
import { ownerName } from '@/lib/domain/accounts/owner';
import { midRatesInto } from '@/lib/balances/mid-rates';
import { referenceTotal, type ReferenceRates } from '@/lib/domain/balances/reference-total';
import { getEnv } from '@/lib/env';
import { toDec, type Amount } from '@/lib/money/amount-core';
import { isAsset, type Asset } from '@/lib/money/assets';
import { formatRate } from '@/lib/money/rate';
import { getLocale } from 'next-intl/server';

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

function amountsOf(balances: Balances): Amount[] {
  return [...balances.fiat, ...balances.crypto].flatMap((e) => (e.amount ? [e.amount] : []));
}

/**
 * The total's frame: its title, the figure and what "indicative" means. The Overview's loading state draws the same
 * frame with a placeholder figure (BalancesLoading), so the explanation is on screen with the page's first paint and
 * stays where it is when the figures arrive (it was the page's largest text, painted only when the balances had
 * streamed in: README, "Goal 1").
 */
function ReferenceTotalFrame(props: { title: string; indicative: string; figure: ReactNode; notes?: ReactNode; loading?: boolean }) {
  const { title, indicative, figure, notes, loading } = props;
  // While streaming, the loading frame and the hidden streamed one are both in the document for a moment: only the
  // real one carries the id and the test id.
  const id = loading ? 'reference-total-loading' : 'reference-total';
  return (
    <section aria-labelledby={id} className="rounded-lg border border-border bg-surface-muted p-4" data-testid={loading ? undefined : 'reference-total'}>
      <h3 id={id} className="text-sm font-medium text-fg-muted">
        {title}
      </h3>
      {figure}
      <p className="mt-1 text-xs text-fg-muted">{indicative}</p>
      {notes}
    </section>
  );
}

/**
 * Every balance shown valued in the reference currency at the service's mid rate, labelled indicative: the mid is
 * before the spread, so nobody can actually convert at it. Assets the service gave no mid for are named, not guessed.
 */
async function ReferenceTotalCard({ rows, reference, rates }: { rows: AccountBalances[]; reference: Asset; rates: ReferenceRates }) {
  const t = await getTranslations('balances.total');
  const locale = await getLocale();
  const amounts = rows.flatMap((r) => ('balances' in r ? amountsOf(r.balances).filter((a) => !toDec(a).isZero()) : []));
  const { total, missing } = referenceTotal(amounts, reference, rates);
  const used = [...rates].filter(([asset]) => asset !== reference && amounts.some((a) => a.asset === asset));
  return (
    <ReferenceTotalFrame
      title={t('title', { currency: reference })}
      indicative={t('indicative', { currency: reference })}
      figure={
        amounts.length > 0 && !amounts.some((a) => a.asset === reference || rates.has(a.asset)) ? (
          <p className="text-sm text-fg-muted">{t('none')}</p>
        ) : (
          <AmountText amount={total} className="block text-2xl font-semibold break-words text-fg" />
        )
      }
      notes={
        <>
          {missing.length ? <p className="mt-1 text-xs text-fg-muted">{t('missing', { assets: missing.join(', ') })}</p> : null}
          {used.length ? (
            <details className="mt-2 text-xs">
              <summary className="cursor-pointer text-accent-text hover:underline">{t('ratesUsed')}</summary>
              <ul className="mt-1 space-y-0.5 text-fg-muted tabular-nums">
                {used.map(([asset, rate]) => (
                  <li key={asset}>{t('rateLine', { asset, rate: formatRate(rate, locale, 6), currency: reference })}</li>
                ))}
              </ul>
            </details>
          ) : null}
        </>
      }
    />
  );
}

/**
 * The balances section while it loads: the total's frame with a placeholder figure, then each account of `listing`
 * (listed by the page before it streams) as its section will be drawn — its name, and one placeholder tile per asset
 * on the account in the same grid — so the figures replace placeholders of their own size. When the list failed (the
 * section will say so), placeholder rows. Three rows for two accounts' sections had made the card about 335 px
 * taller when the balances streamed in after the first paint, pushing the cards below it down (the Overview's
 * layout shift; README, issue 30).
 */
export async function BalancesLoading({ label, listing }: { label: string; listing: OverviewAccounts }) {
  const accounts = 'accounts' in listing ? listing.accounts : undefined;
  const t = await getTranslations('balances.total');
  const reference = getEnv().REFERENCE_CURRENCY;
  return (
    <div role="status" aria-busy="true" className="space-y-5">
      <span className="sr-only">{label}</span>
      <ReferenceTotalFrame
        title={t('title', { currency: reference })}
        indicative={t('indicative', { currency: reference })}
        // The height of the figure's line (text-2xl: 2rem).
        figure={<Skeleton className="h-8 w-48 max-w-full" />}
        // The "mid rates used" line most totals have (one asset held besides the reference currency is enough).
        notes={<Skeleton className="mt-2 h-4 w-32" />}
        loading
      />
      {accounts ? (
        accounts.map((account) => (
          <div key={account.id} aria-hidden="true">
            <div className="mb-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <p className="text-sm font-semibold [overflow-wrap:anywhere]">{ownerName(account.owner)}</p>
              {/* The account's total line (text-xs). */}
              <Skeleton className="h-4 w-28" />
            </div>
            <TileGrid>
              {account.assets.map((asset) => (
                <li key={asset.asset} className={TILE}>
                  {/* The asset's line (text-xs) and the amount's (text-base). */}
                  <Skeleton className="h-4 w-10" />
                  <Skeleton className="mt-1 h-5 w-28 max-w-full" />
                </li>
              ))}
            </TileGrid>
          </div>
        ))
      ) : (
        <SkeletonRows rows={3} />
      )}
      {/* The "see all" link's line. */}
      {'more' in listing && listing.more ? <Skeleton className="h-5 w-40" /> : null}
    </div>
  );
}

const TILE = 'min-w-0 rounded-md border border-border px-3 py-2';
/** Tiles never narrower than a large amount: they wrap to the next row instead of overprinting. */
function TileGrid({ children }: { children: ReactNode }) {
  return <ul className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,13rem),1fr))] gap-2">{children}</ul>;
}

/** One account's balances in the reference currency, beside its name. */
function AccountTotal({ balances, reference, rates }: { balances: Balances; reference: Asset; rates: ReferenceRates }) {
  const t = useTranslations('balances.total');
  const amounts = amountsOf(balances).filter((a) => !toDec(a).isZero());
  const { total, missing } = referenceTotal(amounts, reference, rates);
  if (!amounts.some((a) => a.asset === reference || rates.has(a.asset))) return null;
  return (
    <p className="text-xs text-fg-muted" data-testid="account-reference-total">
      <span className="sr-only">{t('perAccountLabel', { currency: reference })}: </span>
      <span aria-hidden="true">≈ </span>
      <AmountText amount={total} className="font-medium text-fg" />
      {missing.length ? <span> · {t('missing', { assets: missing.join(', ') })}</span> : null}
    </p>
  );
}

function BalanceTiles({ balances }: { balances: Balances }) {
  const t = useTranslations('overview.balances');
  const entries = [...balances.fiat, ...balances.crypto];
  if (!entries.length) return <p className="text-sm text-fg-muted">{t('noAssets')}</p>;
  return (
    <TileGrid>
      {entries.map((entry, i) => (
        <li key={entry.amount?.asset ?? `unsynced-${i}`} className={TILE}>
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
    </TileGrid>
  );
}

/** The Overview's accounts: the first page of ACTIVE ones, or why they could not be listed. */
export type OverviewAccounts = { accounts: Account[]; more: boolean } | { error: unknown };

/**
 * One call, made by the page before its first bytes (beside its translations), so the balances' loading state can
 * draw every account's section at its final size; the balances and the mid rates, slower, stream in
 * (BalancesOverview).
 */
export async function listOverviewAccounts(): Promise<OverviewAccounts> {
  try {
    const page = await listAccounts({
      limit: MAX_ACCOUNTS,
      sortOrder: 'ASCENDING',
      filters: buildFilters([{ field: 'status', op: 'eq', value: 'ACTIVE' }]),
    });
    return { accounts: page.data, more: page.meta.nextCursor !== null };
  } catch (error) {
    return { error };
  }
}

/** Balances of every ACTIVE account, per asset, formatted from the service's decimal strings. */
export async function BalancesOverview({ listing }: { listing: OverviewAccounts }) {
  const t = await getTranslations('overview.balances');
  if ('error' in listing) return <ServiceErrorAlert error={listing.error} title={t('failed')} />;
  const { accounts, more } = listing;
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
  const reference = getEnv().REFERENCE_CURRENCY;
  const held = rows.flatMap((r) => ('balances' in r ? amountsOf(r.balances).filter((a) => !toDec(a).isZero()).map((a) => a.asset) : []));
  const rates = await midRatesInto(
    reference,
    [...new Set(held)],
    accounts.map((a) => ({ id: a.id, assets: new Set(a.assets.flatMap((x) => (x.status === 'ACTIVE' && isAsset(x.asset) ? [x.asset] : []))) })),
  );
  return (
    <div className="space-y-5">
      <ReferenceTotalCard rows={rows} reference={reference} rates={rates} />
      {rows.map((row) => (
        <section key={row.account.id} aria-labelledby={`bal-${row.account.id}`}>
          <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <h3 id={`bal-${row.account.id}`} className="text-sm font-semibold [overflow-wrap:anywhere]">
              <Link href={`/accounts/${row.account.id}`} className="text-accent-text hover:underline">
                {ownerName(row.account.owner)}
              </Link>
            </h3>
            {'balances' in row ? <AccountTotal balances={row.balances} reference={reference} rates={rates} /> : null}
          </div>
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
