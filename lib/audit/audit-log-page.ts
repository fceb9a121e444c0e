import 'server-only';
import { dateBounds, type AuditFilters } from '@/lib/domain/audit/filters';
import { listAuditActions, listAuditEvents, type AuditPage } from './list-audit';

export const AUDIT_PAGE_SIZE = 50;

/** What /audit shows for its filters: one page of events and every action name (the filter's choices). */
export async function loadAuditLogPage(filters: AuditFilters): Promise<{ page: AuditPage; actions: string[] }> {
  const { from, to } = dateBounds(filters);
  const [page, actions] = await Promise.all([
    listAuditEvents({
      limit: AUDIT_PAGE_SIZE,
      cursor: filters.cursor,
      actor: filters.actor,
      action: filters.action,
      outcome: filters.outcome,
      target: filters.target,
      from,
      to,
    }),
    listAuditActions(),
  ]);
  return { page, actions };
}
