import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AccountsListView } from './_components/accounts-list-view';
import type { SearchParams } from '@/lib/domain/lists/list-params';
import { requirePage } from '@/lib/auth/session';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('accounts.list'))('metaTitle') };
}

export default async function AccountsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requirePage('/accounts');
  return <AccountsListView role={user.role} searchParams={await searchParams} />;
}
