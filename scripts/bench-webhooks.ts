/**
 * Webhook figures: delivery latency (transition → receipt at a local receiver) and execution-log page time at 1k
 * and 100k logs. In-memory PGlite, nothing leaves the machine. Run: `npx tsx scripts/bench-webhooks.ts`.
 */
import { PGlite } from '@electric-sql/pglite';
import { fromPglite } from '../lib/sandbox/core/sql';
import { createSandbox } from '../lib/sandbox/index';
import { benchDeliveryLatency, benchDeliveryThroughput, benchExecutionLogPages, benchTransitionLatency } from '../lib/sandbox/bench/webhooks';

async function main() {
  const pg = new PGlite();
  const sql = fromPglite(pg);
  const sandbox = createSandbox({ sql });
  await sandbox.ready;
  try {
    const transition = await benchTransitionLatency(sandbox, { samples: 100 });
    console.log(`transition → receipt: POST /api/operations/transfer → OPERATION_REQUESTED at the receiver (ms): p50 ${transition.p50}  p95 ${transition.p95}  max ${transition.max}  (n=${transition.samples}; target p95 <= 300)`);
    console.log(`  of which the transfer request (ms): p50 ${transition.request.p50}  p95 ${transition.request.p95}; response → receipt: p50 ${transition.afterResponse.p50}  p95 ${transition.afterResponse.p95}`);
    const woken = await benchDeliveryLatency(sandbox, { samples: 200, wake: true });
    console.log(`emit commit → receipt, worker woken after commit (ms): p50 ${woken.p50}  p95 ${woken.p95}  max ${woken.max}  (n=${woken.samples}; target p95 <= 300)`);
    const polled = await benchDeliveryLatency(sandbox, { samples: 100, wake: false });
    console.log(`emit commit → receipt, picked up by the 100 ms poll (ms): p50 ${polled.p50}  p95 ${polled.p95}  max ${polled.max}  (n=${polled.samples})`);
    const throughput = await benchDeliveryThroughput(sandbox, { messages: 2_000 });
    console.log(
      `throughput: ${throughput.deliveries} deliveries queued at once, delivered in ${throughput.seconds} s (${throughput.perSecond}/s), ` +
        `${throughput.cpuMsPerDelivery} ms of this process's CPU per delivery (sandbox, engine and receiver)`,
    );
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
