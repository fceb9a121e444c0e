import 'server-only';
import { desc, inArray } from 'drizzle-orm';
import { getDb } from '../db/client';
import { auditEvents } from '../db/schema';
import { operationRequests, type OperationRequest } from '../domain/audit/operation-requests';

/** Enough rows for a payout's whole life (request, approvals, execution steps) several times over. */
const ROW_LIMIT = 200;

/**
 * The console requests recorded against an operation: audit rows whose target is the operation (a transfer, a
 * simulated deposit payment) or the payout request behind it (approvals, execution, completion). Audit data: the
 * caller checks `audit:read`.
 */
export async function listOperationRequests(operationId: string, payoutId: string | null): Promise<OperationRequest[]> {
  const db = await getDb();
  const targets = payoutId ? [operationId, payoutId] : [operationId];
  const rows = await db
    .select({
      at: auditEvents.at,
      actorEmail: auditEvents.actorEmail,
      action: auditEvents.action,
      outcome: auditEvents.outcome,
      correlationId: auditEvents.correlationId,
    })
    .from(auditEvents)
    .where(inArray(auditEvents.target, targets))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(ROW_LIMIT);
  return operationRequests(rows);
}
