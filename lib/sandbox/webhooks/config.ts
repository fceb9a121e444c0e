/** Delivery knobs. Defaults are the documented sandbox behaviour; tests shorten the time-out. */
export interface DeliveryConfig {
  /** Per-attempt HTTP time-out (AbortSignal). */
  timeoutMs: number;
  /** Fixed delay between a failed attempt and its retry, measured on the sandbox clock. */
  retryDelaySeconds: number;
  /** Retries after the initial attempt when the subscription has `allowRetry`. */
  maxRetries: number;
  /** How long a claimed delivery stays leased (wall clock) before another process may take it over. */
  leaseMs: number;
  /** Deliveries claimed per worker tick, and attempts in flight at most. */
  batchSize: number;
  maxInFlight: number;
  /** How long one worker tick waits for its attempts before leaving them to finish in the background. */
  tickBudgetMs: number;
  /** Allow connections to non-loopback hosts (off: this sandbox only ever calls loopback receivers). */
  allowExternal: boolean;
}

export const DEFAULT_DELIVERY_CONFIG: DeliveryConfig = {
  timeoutMs: 10_000,
  retryDelaySeconds: 5,
  maxRetries: 3,
  leaseMs: 30_000,
  batchSize: 20,
  maxInFlight: 32,
  tickBudgetMs: 1_000,
  allowExternal: false,
};

export function deliveryConfigFromEnv(env: Record<string, string | undefined> = process.env): Partial<DeliveryConfig> {
  const out: Partial<DeliveryConfig> = {};
  const timeout = Number(env.SANDBOX_WEBHOOK_TIMEOUT_MS);
  if (Number.isInteger(timeout) && timeout > 0) out.timeoutMs = timeout;
  if (env.SANDBOX_WEBHOOK_ALLOW_EXTERNAL === '1' || env.SANDBOX_WEBHOOK_ALLOW_EXTERNAL === 'true') out.allowExternal = true;
  return out;
}
