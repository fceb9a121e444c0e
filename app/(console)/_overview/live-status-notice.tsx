import { getTranslations } from 'next-intl/server';
import { IntlScope } from '@/components/i18n/intl-scope';
import { Alert } from '@/components/ui/alert';
import { can, type Role } from '@/lib/auth/permissions';
import { getEnv } from '@/lib/env';
import { getLiveStatus, receiverUrl } from '@/lib/live/status';
import { ReceiveEventsButton } from './receive-events-button';

/**
 * Says when live updates are off (the service does not deliver events to this console): pages then poll every
 * 5 s. An admin gets the action that subscribes the console; renders nothing while events arrive.
 */
export async function LiveStatusNotice({ role }: { role: Role }) {
  const { receiving } = await getLiveStatus();
  if (receiving) return null;
  const t = await getTranslations('operations.overview');
  const url = receiverUrl(getEnv().PUBLIC_URL);
  const admin = can(role, 'webhooks:manage');
  return (
    <Alert tone="warning" title={t('liveOffTitle')} className="mb-6">
      <p>{t('liveOffBody')}</p>
      {admin ? (
        <>
          <p className="mt-1">{t('liveOffAdmin', { url })}</p>
          <IntlScope namespaces={['operations']}>
            <ReceiveEventsButton />
          </IntlScope>
        </>
      ) : null}
    </Alert>
  );
}
