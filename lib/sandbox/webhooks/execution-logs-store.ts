import type { Sql } from '../core/types';

export type ExecutionLogRow = {
  id: string;
  customer_id: string;
  subscription_id: string;
  message_id: string;
  event_type: string;
  url: string;
  payload: string;
  http_status: number;
  status: 'SUCCESS' | 'FAILED';
  retry_attempts: number;
  error: string | null;
  created_at: Date;
  updated_at: Date;
  resource_id: string | null;
};

export const EXECUTION_LOG_COLUMNS = `id, customer_id, subscription_id, message_id, event_type, url, payload, http_status, status, retry_attempts, error, created_at, updated_at, resource_id`;

/**
 * The contract's Execution log: one delivery attempt. Extension: `resourceId`, the id of the resource the message
 * is about (the contract's operation and beneficiary bodies carry none), so a client can tell apart two messages
 * whose bodies are alike without having received them.
 */
export function toExecutionLog(r: ExecutionLogRow) {
  return {
    id: r.id,
    companyId: r.customer_id,
    subscriptionId: r.subscription_id,
    messageId: r.message_id,
    eventType: r.event_type,
    url: r.url,
    payload: r.payload,
    httpStatus: r.http_status,
    status: r.status,
    retryAttempts: r.retry_attempts,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
    error: r.error,
    resourceId: r.resource_id ?? null,
  };
}

export async function findExecutionLog(sql: Sql, subscriptionId: string, id: string): Promise<ExecutionLogRow | null> {
  const { rows } = await sql.query<ExecutionLogRow>(
    `SELECT ${EXECUTION_LOG_COLUMNS} FROM sandbox.webhook_execution_logs WHERE id = $1 AND subscription_id = $2`,
    [id, subscriptionId],
  );
  return rows[0] ?? null;
}
