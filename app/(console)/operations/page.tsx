import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requirePage } from '@/lib/auth/session';
import type { SearchParams } from '@/lib/domain/lists/list-params';
import { redirectToDefaultView } from '@/lib/saved-views/view-service';
import { OperationsListView } from './_components/operations-list-view';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('operations.list'))('metaTitle') };
}

export default async function OperationsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requirePage('/operations');
  const sp = await searchParams;
  await redirectToDefaultView(user, 'operations', '/operations', sp);
  return <OperationsListView searchParams={sp} user={user} />;
}
