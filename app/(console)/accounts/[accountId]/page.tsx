import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { can } from '@/lib/auth/permissions';
import { requirePage } from '@/lib/auth/session';
import { AccountDetailView } from './_components/account-detail-view';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('accounts.detail'))('fallbackTitle') };
}

export default async function AccountDetailPage({ params }: { params: Promise<{ accountId: string }> }) {
  const user = await requirePage('/accounts/[accountId]');
  const { accountId } = await params;
  return (
    <AccountDetailView
      accountId={accountId}
      canDocuments={can(user.role, 'accounts:documents')}
      canReview={can(user.role, 'accounts:review')}
    />
  );
}
