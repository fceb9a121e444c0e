import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { CursorPagination } from '@/components/data-table/cursor-pagination';
import { ServiceErrorAlert } from '@/components/forms/service-error-alert';
import { StatusBadge } from '@/components/status/status-badge';
import { buttonVariants } from '@/components/ui/button-variants';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { SkeletonRows } from '@/components/ui/skeleton';
import { listBeneficiaries } from '@/lib/api/beneficiaries';
import type { BeneficiarySummary } from '@/lib/api/schemas/beneficiary';
import { can } from '@/lib/auth/permissions';
import { requirePage } from '@/lib/auth/session';
import { holderName } from '@/lib/domain/beneficiaries/holder';
import { pixKeyOf } from '@/lib/domain/beneficiaries/view';
import { firstParam, parseListParams, type SearchParams } from '@/lib/domain/lists/list-params';
import { formatTaxId } from '@/lib/validation/tax-id-format';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('beneficiaries.list'))('metaTitle') };
}

/** The service refuses a longer search (400 on `query:name`); longer input is cut rather than refused. */
const NAME_MAX = 100;

export default async function BeneficiariesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requirePage('/beneficiaries');
  const sp = await searchParams;
  const t = await getTranslations('beneficiaries.list');
  const name = firstParam(sp, 'name')?.slice(0, NAME_MAX);
  const newButton = can(user.role, 'beneficiaries:create') ? (
    <Link href="/beneficiaries/new" className={buttonVariants({ variant: 'primary' })}>
      {t('new')}
    </Link>
  ) : null;
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={newButton} />
      {/* A plain GET form: the search lives in the URL and starts again from the first page (no cursor field). */}
      <form method="get" action="/beneficiaries" role="search" aria-label={t('searchLabel')} className="mb-4 flex flex-wrap items-end gap-3 rounded-lg border border-border bg-surface p-4" key={name ?? ''}>
        <div className="min-w-0 flex-1 space-y-1.5 sm:max-w-sm">
          <Label htmlFor="beneficiary-name">{t('name')}</Label>
          <Input id="beneficiary-name" name="name" type="search" maxLength={NAME_MAX} defaultValue={name ?? ''} placeholder={t('namePlaceholder')} />
        </div>
        <button type="submit" className={buttonVariants({ variant: 'primary' })}>
          {t('search')}
        </button>
        {name ? (
          <Link href="/beneficiaries" className={buttonVariants({ variant: 'ghost' })}>
            {t('clear')}
          </Link>
        ) : null}
      </form>
      <Suspense key={JSON.stringify(sp)} fallback={<SkeletonRows rows={5} />}>
        <BeneficiaryResults searchParams={sp} name={name} />
      </Suspense>
    </>
  );
}

async function BeneficiaryResults({ searchParams, name }: { searchParams: SearchParams; name: string | undefined }) {
  const t = await getTranslations('beneficiaries.list');
  const tr = await getTranslations('beneficiaries.relationship');
  const tk = await getTranslations('beneficiaries.keyType');
  const th = await getTranslations('beneficiaries.holderType');
  const paging = parseListParams(searchParams);
  let page: Awaited<ReturnType<typeof listBeneficiaries>> | null = null;
  let failure: unknown = null;
  try {
    page = await listBeneficiaries({ limit: paging.limit, cursor: paging.cursor, direction: paging.direction, name });
  } catch (error) {
    failure = error;
  }
  if (failure || !page) return <ServiceErrorAlert error={failure} title={t('failed')} />;
  if (page.data.length === 0) {
    return name || paging.cursor ? (
      <EmptyState
        title={t('noMatchTitle')}
        description={t('noMatchBody')}
        action={
          <Link href="/beneficiaries" className={buttonVariants({ variant: 'secondary' })}>
            {t('clear')}
          </Link>
        }
      />
    ) : (
      <EmptyState title={t('emptyTitle')} description={t('emptyBody')} />
    );
  }
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-border rounded-lg border border-border bg-surface" aria-label={t('title')}>
        {page.data.map((b: BeneficiarySummary) => {
          const holder = b.holder as { type: string; tradeName?: string | null; taxId?: { value: string; type?: string } };
          return (
            <li key={b.id} className="grid gap-2 p-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,3fr)] sm:items-center" data-testid="beneficiary-row">
              <div className="min-w-0">
                <Link href={`/beneficiaries/${b.id}`} className="font-medium text-fg underline-offset-4 hover:underline [overflow-wrap:anywhere]">
                  {holderName(holder)}
                </Link>
                {holder.tradeName ? <p className="text-sm text-fg [overflow-wrap:anywhere]">{holder.tradeName}</p> : null}
                <p className="text-sm text-fg-muted">
                  <span data-testid="holder-type">{th.has(holder.type) ? th(holder.type) : holder.type}</span>
                  {holder.taxId ? (
                    <>
                      {' · '}
                      <span className="font-mono">{formatTaxId(holder.taxId.value, holder.taxId.type)}</span>
                    </>
                  ) : null}
                </p>
              </div>
              <p className="text-sm text-fg-muted">{tr.has(b.relationshipType) ? tr(b.relationshipType) : b.relationshipType}</p>
              <ul className="flex min-w-0 flex-col gap-1.5 text-sm" aria-label={t('col.instructions')}>
                {(b.paymentInstructions ?? []).length === 0 ? <li className="text-fg-muted">{t('noInstructions')}</li> : null}
                {(b.paymentInstructions ?? []).map((i) => {
                  const key = pixKeyOf(i);
                  return (
                    <li key={i.id} className="flex flex-wrap items-center gap-2">
                      <StatusBadge status={i.currentState.status} />
                      <span className="min-w-0 [overflow-wrap:anywhere]">
                        {key ? `${tk.has(key.type) ? tk(key.type) : key.type} · ${key.display}` : i.id} · {i.asset}
                      </span>
                    </li>
                  );
                })}
              </ul>
            </li>
          );
        })}
      </ul>
      <CursorPagination pathname="/beneficiaries" searchParams={searchParams} meta={page.meta} itemCount={page.data.length} />
    </div>
  );
}
