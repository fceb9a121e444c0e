import { useTranslations } from 'next-intl';
import { PageLoading } from '@/components/shell/page-loading';

export default function AuditLoading() {
  const t = useTranslations('audit');
  const shell = useTranslations('shell');
  return <PageLoading title={t('title')} description={t('description')} label={shell('loadingPage')} />;
}
