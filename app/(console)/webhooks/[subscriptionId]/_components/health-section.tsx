import { getTranslations } from 'next-intl/server';
import { ServiceErrorAlert } from '@/components/forms/service-error-alert';
import { loadDeliveryHealth } from '@/lib/webhooks/execution-log-reads';
import { HealthCard } from './health-card';

/** Streams in after the list: it reads up to 2,000 attempts, the list only one page. */
export async function HealthSection({ subscriptionId, createdAt }: { subscriptionId: string; createdAt: string }) {
  const t = await getTranslations('webhooks');
  const health = await loadDeliveryHealth(subscriptionId, new Date(), { subscriptionCreatedAt: createdAt }).then(
    (data) => ({ data }),
    (error: unknown) => ({ error }),
  );
  if ('error' in health) return <ServiceErrorAlert error={health.error} title={t('health.failed')} />;
  return <HealthCard health={health.data} />;
}
