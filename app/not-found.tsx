import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { StatusPage } from '@/components/shell/status-page';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('common.notFound'))('metaTitle') };
}

export default async function NotFound() {
  const t = await getTranslations('common.notFound');
  return (
    <StatusPage code="404" title={t('title')}>
      {t('body')}
    </StatusPage>
  );
}
