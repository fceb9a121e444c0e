import 'server-only';
import type { DeliveryReach } from '@/lib/domain/webhooks/delivery-reach';
import { getEnv } from '@/lib/env';

/**
 * This deployment's delivery reach: the embedded sandbox's limits when the console talks to it (the same settings
 * lib/sandbox/host.ts and the sandbox's delivery config read), else the real service's (any public https URL).
 */
export function deliveryReach(): DeliveryReach {
  const env = getEnv();
  const embedded = env.SANDBOX === 'on' && env.FX_API_BASE_URL === `${env.PUBLIC_URL}/sandbox`;
  if (!embedded) return { kind: 'service' };
  return {
    kind: 'sandbox',
    receiver: `${env.PUBLIC_URL.replace(/\/+$/, '')}/api/webhooks`,
    allowed: env.SANDBOX_WEBHOOK_ALLOW,
    external: env.SANDBOX_WEBHOOK_ALLOW_EXTERNAL,
  };
}
