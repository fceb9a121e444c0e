import { getTranslations } from 'next-intl/server';
import { StatusPanel } from '@/components/shell/status-panel';

// notFound() from a console page (an unknown account id, say): the shell stays around the message.
export default async function ConsoleNotFound() {
  const t = await getTranslations('common.notFound');
  return (
    <div className="py-10">
      <StatusPanel code="404" title={t('inConsoleTitle')}>
        {t('inConsoleBody')}
      </StatusPanel>
    </div>
  );
}
