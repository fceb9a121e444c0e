import { getTranslations } from 'next-intl/server';
import { StatusPanel } from '@/components/shell/status-panel';

// forbidden() from a console page (e.g. after a client-side navigation): the shell stays around the message.
export default async function ConsoleForbidden() {
  const t = await getTranslations('common.forbidden');
  return (
    <div className="py-10">
      <StatusPanel code="403" title={t('title')}>
        {t('body')}
      </StatusPanel>
    </div>
  );
}
