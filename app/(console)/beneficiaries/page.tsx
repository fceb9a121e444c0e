import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { FilterBar, FilterField } from '@/components/data-table/filter-bar';
import { buttonVariants } from '@/components/ui/button-variants';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { SkeletonRows } from '@/components/ui/skeleton';
import { can } from '@/lib/auth/permissions';
import { requirePage } from '@/lib/auth/session';
import { firstParam, type SearchParams } from '@/lib/domain/lists/list-params';
import { BeneficiaryResults } from './_components/beneficiary-results';

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
      <FilterBar
        action="/beneficiaries"
        label={t('searchLabel')}
        stateKey={name ?? ''}
        className="grid-cols-1 sm:grid-cols-[minmax(0,24rem)_auto]"
        applyLabel={t('search')}
        clear={name ? { href: '/beneficiaries', label: t('clear') } : null}
      >
        <FilterField id="beneficiary-name" label={t('name')}>
          <Input id="beneficiary-name" name="name" type="search" maxLength={NAME_MAX} defaultValue={name ?? ''} placeholder={t('namePlaceholder')} />
        </FilterField>
      </FilterBar>
      <Suspense key={JSON.stringify(sp)} fallback={<SkeletonRows rows={5} />}>
        <BeneficiaryResults searchParams={sp} name={name} />
      </Suspense>
    </>
  );
}
