// The database's part in operating the console, started by instrumentation.ts right after lib/observability/install.ts:
// the payouts-by-status gauge reads its counts here, and closing the database is the drain's last step. Kept in
// lib/db so that lib/observability (which lib/db uses for spans and job steps) never imports the database.
import { sql } from 'drizzle-orm';
import { setPayoutStatusSource } from '@/lib/observability/metrics';
import { onDrain } from '@/lib/observability/shutdown';
import { getDb, getRawClient } from './client';

export function installDatabaseObservability(): void {
  setPayoutStatusSource(async () => {
    const result = await (await getDb()).execute<{ status: string; n: number }>(
      sql`SELECT status, count(*)::int AS n FROM console.payout_requests GROUP BY status`,
    );
    const rows = Array.isArray(result) ? result : (result as unknown as { rows: { status: string; n: number }[] }).rows;
    return rows.map((r) => [String(r.status).slice(0, 20), Number(r.n)]);
  });
  // Last: nothing else may need the database once the jobs and the sandbox stopped.
  onDrain('database', 2, async () => {
    const raw = await getRawClient();
    if (raw.kind === 'pg') await raw.pool.end();
    else await raw.client.close();
  });
}
