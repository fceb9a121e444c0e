/**
 * Webhook figures: delivery latency (transition → receipt at a local receiver) and execution-log page time at 1k
 * and 100k logs. In-memory PGlite, nothing leaves the machine. Run: `npx tsx scripts/bench-webhooks.ts`.
 */
import { PGlite } from '@electric-sql/pglite';
import { fromPglite } from '../lib/sandbox/core/sql';
import { createSandbox } from '../lib/sandbox/index';
import { benchDeliveryLatency, benchExecutionLogPages } from '../lib/sandbox/webhooks/bench';
import { createWebhooksModule } from '../lib/sandbox/webhooks/module';

async function main() {
  const pg = new PGlite();
  const sql = fromPglite(pg);
  const sandbox = createSandbox({ sql, modules: [createWebhooksModule()] });
  await sandbox.ready;
  try {
    const woken = await benchDeliveryLatency(sandbox, { samples: 200, wake: true });
    console.log(`delivery latency, worker woken after commit (ms): p50 ${woken.p50}  p95 ${woken.p95}  max ${woken.max}  (n=${woken.samples}; target p95 <= 300)`);
    const polled = await benchDeliveryLatency(sandbox, { samples: 100, wake: false });
    console.log(`delivery latency, picked up by the 100 ms poll (ms): p50 ${polled.p50}  p95 ${polled.p95}  max ${polled.max}  (n=${polled.samples})`);
    await sandbox.stop();
    for (const count of [1_000, 100_000]) {
      const r = await benchExecutionLogPages(sandbox, count);
      console.log(
        `execution-log page (limit 10) with ${count} logs (ms, p50/p95): first ${r.firstPage.p50}/${r.firstPage.p95}  ` +
          `deep ${r.deepPage.p50}/${r.deepPage.p95}  status=FAILED ${r.filteredPage.p50}/${r.filteredPage.p95}  (target <= 20, flat)`,
      );
    }
  } finally {
    await sandbox.stop();
    await pg.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
