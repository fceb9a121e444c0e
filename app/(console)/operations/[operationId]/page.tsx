import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requirePage } from '@/lib/auth/session';
import { OperationDetailView } from './_components/operation-detail-view';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('operations.detail'))('metaTitle') };
}

export default async function OperationDetailPage({ params }: { params: Promise<{ operationId: string }> }) {
  await requirePage('/operations/[operationId]');
  const { operationId } = await params;
  return <OperationDetailView operationId={operationId} />;
}
