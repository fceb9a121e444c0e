import 'server-only';
import type { LiveStatus } from './stream';

const CACHE_MS = 30_000;
type Cached = { at: number; value: Promise<ConsoleSubscriptionInfo> };
const globalForStatus = globalThis as unknown as { __liveStatus?: Cached };

/** Where the service must deliver for this console to receive events: `${PUBLIC_URL}/api/webhooks`. */
export function receiverUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/webhooks`;
}

function sameUrl(a: string, b: string): boolean {
  try {
    const x = new URL(a);
    const y = new URL(b);
    return x.origin === y.origin && x.pathname.replace(/\/+$/, '') === y.pathname.replace(/\/+$/, '');
  } catch {
    return false;
  }
}

export interface ConsoleSubscriptionInfo extends LiveStatus {
  /** The service's subscription that delivers to this console (null when there is none). */
  subscriptionId: string | null;
}

async function load(): Promise<ConsoleSubscriptionInfo> {
  const [{ getEnv }, { listSubscriptions }] = await Promise.all([import('@/lib/env'), import('@/lib/api/subscriptions')]);
  const target = receiverUrl(getEnv().PUBLIC_URL);
  let cursor: string | undefined;
  // A company has few subscriptions; three pages of 100 is more than any real one.
  for (let page = 0; page < 3; page++) {
    const result = await listSubscriptions({ limit: 100, cursor });
    const mine = result.data.find((s) => sameUrl(s.url, target));
    if (mine) return { receiving: true, subscriptionId: mine.id };
    if (!result.meta.nextCursor) break;
    cursor = result.meta.nextCursor;
  }
  return { receiving: false, subscriptionId: null };
}

/**
 * Does the service deliver to this console? Cached for 30 s per process; a failed look-up answers "no" (the
 * pages then poll, which is always correct, only slower).
 */
export function getConsoleSubscription(): Promise<ConsoleSubscriptionInfo> {
  const cached = globalForStatus.__liveStatus;
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.value;
  const value = load().catch((error: unknown) => {
    console.warn(`[live] subscription look-up failed: ${error instanceof Error ? error.message : String(error)}`);
    return { receiving: false, subscriptionId: null };
  });
  globalForStatus.__liveStatus = { at: Date.now(), value };
  return value;
}

/** After the admin creates the console's subscription: look again at once. */
export function forgetLiveStatus(): void {
  delete globalForStatus.__liveStatus;
}

/** What the live channel tells browsers: only whether events arrive (never the subscription id). */
export async function getLiveStatus(): Promise<LiveStatus> {
  const { receiving } = await getConsoleSubscription();
  return { receiving };
}
