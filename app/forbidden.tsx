import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { StatusPage } from '@/components/shell/status-page';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('common.forbidden'))('metaTitle') };
}

export default async function Forbidden() {
  const t = await getTranslations('common.forbidden');
  return (
    <StatusPage code="403" title={t('title')}>
      {t('body')}
    </StatusPage>
  );
}
