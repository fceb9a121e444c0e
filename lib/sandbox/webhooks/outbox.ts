import { randomUUID } from 'node:crypto';
import type { EmittedEvent, Sql } from '../core/types';
import { isEventType, resourceOfEvent } from './catalog';

/**
 * `services.emit`: records an event in the outbox inside the caller's transaction, so the event exists exactly when
 * the state change that caused it commits (and never when it rolls back). The delivery task fans it out to the
 * customer's subscriptions after commit; the caller (or core) calls `services.wake()` after commit for low latency.
 *
 * The payload is serialised once, here: every attempt, retry and resend sends these exact bytes, and the execution
 * log's `payload` is the same string.
 */
export async function emitEvent(tx: Sql, event: EmittedEvent): Promise<void> {
  if (!isEventType(event.type)) throw new Error(`emitEvent: unknown event type ${String(event.type)}`);
  const expected = resourceOfEvent(event.type);
  if (event.resourceName !== expected) {
    throw new Error(`emitEvent: ${event.type} belongs to resource ${expected}, not ${event.resourceName}`);
  }
  if (!event.customerId) throw new Error('emitEvent: customerId is required');
  await tx.query(
    `INSERT INTO sandbox.webhook_events (id, customer_id, type, resource_name, resource_id, payload)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [randomUUID(), event.customerId, event.type, event.resourceName, event.resourceId, JSON.stringify(event.payload)],
  );
}
