import 'server-only';
import { listExecutionLogs } from '@/lib/api/subscriptions';
import type { Operation } from '@/lib/api/schemas/operation';
import { getDb } from '@/lib/db/client';
import { messageIsAboutOperation, type OperationWebhook } from '@/lib/domain/operations/operation-webhooks';
import { getConsoleSubscription } from './status';
import { listEventsOfKind } from './store';

export type { OperationWebhook };

export interface OperationWebhooks {
  webhooks: OperationWebhook[];
  /** False when the service does not deliver to this console (nothing can be shown but the received rows). */
  subscribed: boolean;
  /** The delivery log could not be read (the received events are still shown). */
  logsUnavailable: boolean;
}

const SLACK_MS = 60_000;
/**
 * Received events carry the console's clock, the operation the service's: a service whose clock runs ahead (the
 * sandbox's can be advanced) would put an operation's own messages before `createdAt - SLACK_MS`. The received rows
 * are read newest first and capped, so a wide window costs little.
 */
const RECEIVED_SLACK_MS = 60 * 60_000;
const LOG_PAGES = 3;

function parsePayload(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The webhooks an operation emitted, as the console saw them: each event it stored for this operation, joined by
 * message id with the console subscription's execution logs (status, HTTP status, retries) — including deliveries
 * that never arrived. A message is this operation's by its resource id only (the id it was stored under, else the
 * id in its payload; see messageIsAboutOperation). Reads the logs around the operation's lifetime only.
 */
export async function loadOperationWebhooks(op: Operation, signal?: AbortSignal): Promise<OperationWebhooks> {
  const since = new Date(Date.parse(op.createdAt) - SLACK_MS);
  const db = await getDb();
  const received = await listEventsOfKind(db, 'OPERATION', { since: new Date(Date.parse(op.createdAt) - RECEIVED_SLACK_MS), limit: 1000 });
  // The resource id each received message was filed under, whichever operation it names: a log entry of another
  // operation's message must not be taken for this one's because its body looks alike.
  const storedResourceId = new Map(received.map((e) => [e.messageId, e.resourceId]));
  const stored = received.filter((e) => messageIsAboutOperation(e, op));
  const byMessage = new Map<string, OperationWebhook>();
  for (const e of stored.reverse()) {
    byMessage.set(e.messageId, {
      messageId: e.messageId,
      eventType: e.eventType,
      atTime: e.atTime ? e.atTime.toISOString() : null,
      receivedAt: e.receivedAt.toISOString(),
      payload: e.payload,
      attempts: [],
    });
  }

  const { subscriptionId } = await getConsoleSubscription();
  let logsUnavailable = false;
  if (subscriptionId) {
    try {
      let cursor: string | undefined;
      for (let page = 0; page < LOG_PAGES; page++) {
        const result = await listExecutionLogs(
          subscriptionId,
          { limit: 100, cursor, sortOrder: 'ASCENDING', ...({ createdFrom: since.toISOString() } as object) },
          { signal },
        );
        for (const log of result.data) {
          if (!log.eventType.startsWith('OPERATION_')) continue;
          const payload = parsePayload(log.payload);
          const about =
            byMessage.has(log.messageId) ||
            messageIsAboutOperation({ eventType: log.eventType, resourceId: log.resourceId ?? storedResourceId.get(log.messageId) ?? null, payload }, op);
          if (!about) continue;
          const entry =
            byMessage.get(log.messageId) ??
            ({ messageId: log.messageId, eventType: log.eventType, atTime: null, receivedAt: null, payload, attempts: [] } satisfies OperationWebhook);
          entry.attempts.push({
            id: log.id,
            status: log.status,
            httpStatus: log.httpStatus,
            retryAttempts: log.retryAttempts,
            createdAt: log.createdAt,
            error: log.error,
          });
          byMessage.set(log.messageId, entry);
        }
        if (!result.meta.nextCursor) break;
        cursor = result.meta.nextCursor;
      }
    } catch {
      logsUnavailable = true;
    }
  }
  const webhooks = [...byMessage.values()].sort((a, b) => (a.atTime ?? a.receivedAt ?? '').localeCompare(b.atTime ?? b.receivedAt ?? ''));
  return { webhooks, subscribed: subscriptionId !== null, logsUnavailable };
}
