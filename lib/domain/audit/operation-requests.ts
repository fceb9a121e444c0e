/**
 * The console requests that acted on one operation, as support reads them: one entry per request id (a request that
 * wrote several audit rows — an action and the payout steps it ran — is one entry), oldest first, with who made it
 * and what it did. Rows without a request id (system sweeps, rows from before request ids) have nothing to look up
 * and are left out.
 */
export interface AuditRowForRequests {
  at: Date;
  actorEmail: string | null;
  action: string;
  outcome: 'success' | 'denied' | 'error';
  correlationId: string | null;
}

export interface OperationRequest {
  requestId: string;
  at: Date;
  /** The first person named on the request's rows; null when only the system acted under it. */
  actorEmail: string | null;
  /** Actions in the order they were recorded, each once. */
  actions: string[];
  /** The worst outcome of the request's rows: one refused or failed step marks the request. */
  outcome: 'success' | 'denied' | 'error';
}

const SEVERITY = { success: 0, denied: 1, error: 2 } as const;
/** Rows the system writes without a person (lib/payouts/execute.ts, sweeps). */
const SYSTEM_ACTOR = 'system';

export function operationRequests(rows: readonly AuditRowForRequests[], limit = 20): OperationRequest[] {
  const sorted = [...rows].sort((a, b) => a.at.getTime() - b.at.getTime());
  const byId = new Map<string, OperationRequest>();
  for (const row of sorted) {
    if (!row.correlationId) continue;
    const person = row.actorEmail && row.actorEmail !== SYSTEM_ACTOR ? row.actorEmail : null;
    const seen = byId.get(row.correlationId);
    if (!seen) {
      byId.set(row.correlationId, { requestId: row.correlationId, at: row.at, actorEmail: person, actions: [row.action], outcome: row.outcome });
      continue;
    }
    if (!seen.actions.includes(row.action)) seen.actions.push(row.action);
    if (!seen.actorEmail && person) seen.actorEmail = person;
    if (SEVERITY[row.outcome] > SEVERITY[seen.outcome]) seen.outcome = row.outcome;
  }
  // The newest requests matter most when there are many; shown oldest first like the timeline.
  return [...byId.values()].slice(-limit);
}
