import { listOperations } from '@/lib/api/operations';
import { guardedGet } from '@/lib/actions/route-handler';
import { involvesAsset } from '@/lib/domain/operations/view';
import { parseCsvDialect } from '@/lib/domain/operations/csv';
import { operationsCsv } from '@/lib/domain/operations/export';
import { parseOperationListState, toServiceQuery } from '@/lib/domain/operations/list-filters';
import { zoneOrUtc } from '@/lib/i18n/config';
import { rateLimits } from '@/lib/security/rate-limits';

export const dynamic = 'force-dynamic';

/** Service pages of this size: the contract's maximum, so the fewest round trips. */
const PAGE_SIZE = 100;

/**
 * `GET /api/operations/export?type&status&account&asset&from&to&tz&dialect` — every operation matching the list's
 * filters as CSV, streamed: the first page is fetched before answering (so a refused query gets its real status),
 * the rest one page per pull, so memory stays flat whatever the count. `X-Export-Page-Size` lets the browser show
 * progress in rows. `dialect=pt-BR` lays it out for a Brazilian spreadsheet (lib/domain/operations/csv.ts), times in `tz`.
 */
export const GET = guardedGet('operations:read', async ({ request, user }) => {
  // Each export walks every matching operation at the service: 429 with Retry-After past the limit.
  await rateLimits.export.enforce(user.id);
  const url = new URL(request.url);
  const state = parseOperationListState(url.searchParams);
  const zone = zoneOrUtc(url.searchParams.get('tz'));
  const query = { ...toServiceQuery(state, zone), limit: PAGE_SIZE };
  const dialect = parseCsvDialect(url.searchParams.get('dialect'), zone);
  const first = await listOperations(query, { signal: request.signal });
  const chunks = operationsCsv(
    first,
    (cursor) => listOperations({ ...query, cursor, direction: 'NEXT' }, { signal: request.signal }),
    { keep: state.asset ? (op) => involvesAsset(op, state.asset!) : undefined, dialect },
  );
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch (error) {
        // Headers are gone already: fail the body, so the browser sees a broken download rather than a short file.
        console.error(JSON.stringify({ level: 'error', source: 'operations-export', error: error instanceof Error ? error.name : 'unknown' }));
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return({ rows: 0, pages: 0 });
    },
  });
  const stamp = new Date().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="operations-${stamp}.csv"`,
      'Cache-Control': 'no-store, no-transform',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});
