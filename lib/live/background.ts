import 'server-only';
import { getDb } from '@/lib/db/client';
import { getLiveBus } from './bus';
import { sweepReceivedEvents } from './store';

const SWEEP_EVERY_MS = 60 * 60_000;
const globalForLive = globalThis as unknown as { __liveBackground?: NodeJS.Timeout };

async function sweepOnce(): Promise<void> {
  try {
    const gone = await sweepReceivedEvents(await getDb(), new Date());
    if (gone > 0) console.info(`[live] retention sweep removed ${gone} received events older than 30 days`);
  } catch (error) {
    console.error(`[live] retention sweep failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Once per process, at start-up: open the live bus (with PostgreSQL, its LISTEN connection must exist before
 * the first delivery so no NOTIFY is missed) and run the 30-day retention sweep now and every hour.
 */
export async function startLiveBackground(): Promise<void> {
  if (globalForLive.__liveBackground) return;
  globalForLive.__liveBackground = setInterval(() => void sweepOnce(), SWEEP_EVERY_MS);
  globalForLive.__liveBackground.unref?.();
  await getLiveBus();
  void sweepOnce();
}
