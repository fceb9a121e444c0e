// Pure: which webhook messages are about one operation, and the operation's one timeline (its state changes and
// the deliveries about them, interleaved by time).
import type { Operation } from '@/lib/api/schemas/operation';
import { isUuid } from '@/lib/validation/uuid';
import type { TimelineEntry } from './view';

/** A webhook message as the console knows it: the resource id it was filed under (X-Resource-Id) and its body. */
export interface WebhookMessageLike {
  eventType: string;
  /** The id stored with the received event (the delivery's `X-Resource-Id`); null when none came. */
  resourceId: string | null;
  payload: unknown;
}

function record(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/**
 * The operation a message is about, by id only: the delivery's resource id, else the payload's `id` (the upstream
 * service puts it there; the sandbox too). Null when the message names none — such a message is never attributed
 * by its type, amounts or time, since two operations settled in the same tick share all three.
 */
export function operationIdOfMessage(message: WebhookMessageLike): string | null {
  if (!message.eventType.startsWith('OPERATION_')) return null;
  if (message.resourceId && isUuid(message.resourceId)) return message.resourceId.toLowerCase();
  const id = record(message.payload)?.id;
  return typeof id === 'string' && isUuid(id) ? id.toLowerCase() : null;
}

/**
 * Is this message about this operation? By its operation id; a message without one still names its operation
 * when it carries the operation's quote id (a quote is consumed by at most one operation). Nothing else counts.
 */
export function messageIsAboutOperation(message: WebhookMessageLike, op: Pick<Operation, 'id'> & { quote?: { id?: string | null } | null }): boolean {
  if (!message.eventType.startsWith('OPERATION_')) return false;
  const id = operationIdOfMessage(message);
  if (id) return id === op.id.toLowerCase();
  const quoteId = record(record(message.payload)?.quote)?.id;
  return typeof quoteId === 'string' && !!op.quote?.id && quoteId === op.quote.id;
}

export interface DeliveryAttempt {
  id: string;
  status: string;
  httpStatus: number;
  retryAttempts: number;
  createdAt: string;
  error: string | null;
}

/** One webhook message about the operation, with the console subscription's delivery attempts (oldest first). */
export interface OperationWebhook {
  messageId: string;
  eventType: string;
  atTime: string | null;
  /** When the console stored it (null: never received, e.g. every attempt failed). */
  receivedAt: string | null;
  payload: unknown;
  attempts: DeliveryAttempt[];
}

/** The state a message reports (`currentState.status` of its payload), or null when it does not say. */
export function reportedStatus(payload: unknown): string | null {
  const status = record(record(payload)?.currentState)?.status;
  return typeof status === 'string' && status ? status : null;
}

/** When a message shows up on the timeline: its first delivery, else its receipt, else the transition it reports. */
export function deliveredAt(webhook: Pick<OperationWebhook, 'attempts' | 'receivedAt' | 'atTime'>): string | null {
  const first = webhook.attempts
    .map((a) => a.createdAt)
    .filter((at) => !Number.isNaN(Date.parse(at)))
    .sort((a, b) => Date.parse(a) - Date.parse(b))[0];
  return first ?? webhook.receivedAt ?? webhook.atTime ?? null;
}

export type OperationTimelineItem =
  | { kind: 'state'; at: string; entry: TimelineEntry; current: boolean }
  | { kind: 'webhook'; at: string | null; webhook: OperationWebhook; reports: string | null };

function instant(at: string | null): number {
  const ms = at === null ? Number.NaN : Date.parse(at);
  return Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms;
}

/**
 * The one timeline of an operation: its state changes and the webhook messages about them, ordered by time (a
 * message by its first delivery). At the same instant a state comes before the message reporting it; a message
 * with no usable time goes last. The states keep their order from the service whatever their stamps say.
 */
export function mergeOperationTimeline(states: readonly TimelineEntry[], webhooks: readonly OperationWebhook[]): OperationTimelineItem[] {
  const stateItems: OperationTimelineItem[] = states.map((entry, i) => ({ kind: 'state', at: entry.at, entry, current: i === states.length - 1 }));
  const webhookItems: OperationTimelineItem[] = webhooks
    .map((webhook) => ({ kind: 'webhook' as const, at: deliveredAt(webhook), webhook, reports: reportedStatus(webhook.payload) }))
    .sort((a, b) => instant(a.at) - instant(b.at) || a.webhook.messageId.localeCompare(b.webhook.messageId));
  const out: OperationTimelineItem[] = [];
  let w = 0;
  for (const item of stateItems) {
    while (w < webhookItems.length && instant(webhookItems[w].at) < instant(item.at)) out.push(webhookItems[w++]);
    out.push(item);
  }
  while (w < webhookItems.length) out.push(webhookItems[w++]);
  return out;
}
