import 'server-only';
import { getDb } from '@/lib/db/client';
import { latestSeq } from './store';

/**
 * The newest stored received event: a page reads it *before* the data it shows and hands it to `<LiveRefresh
 * since>`, so every event it has not reflected comes after it (the stream replays those), and a page load needs no
 * refresh "in case" (hooks/live-connection.ts). One indexed max() read.
 */
export async function liveCursor(): Promise<number> {
  return latestSeq(await getDb());
}
