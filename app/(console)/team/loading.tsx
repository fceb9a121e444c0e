import { useTranslations } from 'next-intl';
import { PageLoading } from '@/components/shell/page-loading';

export default function TeamLoading() {
  const t = useTranslations('team');
  const shell = useTranslations('shell');
  return <PageLoading title={t('title')} description={t('description')} label={shell('loadingPage')} />;
}
