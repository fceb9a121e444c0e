import 'server-only';
import { getLiveBus } from './bus';

const globalForLive = globalThis as unknown as { __liveBackground?: boolean };

/**
 * Once per process, at start-up: open the live bus (with PostgreSQL, its LISTEN connection must exist before
 * the first delivery so no NOTIFY is missed). Received events are swept by the console's retention
 * (lib/retention-rules.ts, RETENTION_RECEIVED_EVENTS_DAYS).
 */
export async function startLiveBackground(): Promise<void> {
  if (globalForLive.__liveBackground) return;
  globalForLive.__liveBackground = true;
  await getLiveBus();
}
