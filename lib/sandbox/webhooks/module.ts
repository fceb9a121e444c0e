import type { SandboxModule } from '../core/types';
import { DEFAULT_DELIVERY_CONFIG, deliveryConfigFromEnv, type DeliveryConfig } from './config';
import { createDeliveryTask } from './delivery';
import { WEBHOOK_MIGRATIONS } from './migrations';
import { webhookRoutes } from './routes';

/** The webhooks module with explicit delivery settings (tests shorten the time-out and retry delay). */
export function createWebhooksModule(overrides: Partial<DeliveryConfig> = {}): SandboxModule {
  const cfg: DeliveryConfig = { ...DEFAULT_DELIVERY_CONFIG, ...deliveryConfigFromEnv(), ...overrides };
  // A lease shorter than the time-out would let a second process repeat an attempt that is still running.
  if (cfg.leaseMs <= cfg.timeoutMs + cfg.tickBudgetMs) cfg.leaseMs = cfg.timeoutMs + cfg.tickBudgetMs + 5_000;
  return {
    name: 'webhooks',
    migrations: WEBHOOK_MIGRATIONS,
    routes: webhookRoutes,
    tasks: [createDeliveryTask(cfg)],
  };
}

/** Default settings: 10 s time-out, 3 retries 5 s apart (sandbox clock), loopback-only delivery. */
export const webhooksModule: SandboxModule = createWebhooksModule();
