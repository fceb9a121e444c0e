import type { Metadata } from 'next';
import { AccountsListView } from './_components/accounts-list-view';
import type { SearchParams } from '@/components/data-table/list-params';
import { requireUser } from '@/lib/auth/session';

export const metadata: Metadata = { title: 'Accounts' };

export default async function AccountsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requireUser('accounts:read');
  return <AccountsListView role={user.role} searchParams={await searchParams} />;
}
