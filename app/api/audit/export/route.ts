import { guardedGet } from '@/lib/actions/route-handler';
import { listAuditEvents } from '@/lib/audit/list-audit';
import { recordAudit } from '@/lib/audit/record-audit';
import { auditCsv, type AuditCsvColumn } from '@/lib/domain/audit/csv';
import { dateBounds, parseAuditFilters } from '@/lib/domain/audit/filters';
import { CSV_BOM, parseCsvDialect } from '@/lib/domain/operations/csv';
import { zoneOrUtc } from '@/lib/i18n/config';
import { rateLimits } from '@/lib/security/rate-limits';

export const dynamic = 'force-dynamic';

/** At most this many events per export; the page says to narrow the filters beyond it. */
const MAX_ROWS = 50_000;
const PAGE = 1000;

const HEADERS: Record<string, Record<AuditCsvColumn, string>> = {
  en: { time: 'Time', actor: 'Actor', action: 'Action', target: 'Target', outcome: 'Outcome', idempotencyKey: 'Idempotency key', correlationId: 'Correlation id' },
  'pt-BR': { time: 'Horário', actor: 'Autor', action: 'Ação', target: 'Alvo', outcome: 'Resultado', idempotencyKey: 'Chave de idempotência', correlationId: 'Id de correlação' },
};

/**
 * GET /api/audit/export?actor=&action=&outcome=&target=&from=&to=&lang=&tz=&dialect= — the filtered audit log as
 * CSV; `dialect=pt-BR` lays it out for a Brazilian spreadsheet with times in `tz` (lib/domain/operations/csv.ts).
 */
export const GET = guardedGet('audit:read', async ({ request, user }) => {
  await rateLimits.export.enforce(user.id);
  const url = new URL(request.url);
  const filters = parseAuditFilters(url.searchParams);
  const dialect = parseCsvDialect(url.searchParams.get('dialect'), zoneOrUtc(url.searchParams.get('tz')));
  const titles = HEADERS[url.searchParams.get('lang') ?? 'en'] ?? HEADERS.en!;
  // The time column names the zone its cells are in: UTC in the standard layout, the reader's in the pt-BR one.
  const header = { ...titles, time: `${titles.time} (${dialect.name === 'pt-BR' ? dialect.timeZone : 'UTC'})` };
  const { from, to } = dateBounds(filters);
  const query = { actor: filters.actor, action: filters.action, outcome: filters.outcome, target: filters.target, from, to };
  const encoder = new TextEncoder();
  let cursor: string | null = null;
  let rows = 0;
  await recordAudit({ actor: user, action: 'audit.export', outcome: 'success', details: { ...filters } });
  // Streamed page by page (keyset), so a large export never sits in memory whole.
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + auditCsv([], header, { dialect })));
    },
    async pull(controller) {
      const page = await listAuditEvents({ ...query, limit: PAGE, cursor });
      controller.enqueue(encoder.encode(auditCsv(page.data, header, { withHeader: false, dialect })));
      rows += page.data.length;
      cursor = page.nextCursor;
      if (!cursor || rows >= MAX_ROWS) controller.close();
    },
  });
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="audit-${stamp}.csv"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});
