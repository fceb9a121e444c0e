import type { Sql } from '../core/types';

/**
 * Turns new outbox events into deliveries: one message (fresh `messageId`) per matching subscription of the event's
 * customer that existed when the event was emitted (`seq` order). One statement, so inserting the deliveries and
 * marking the events fanned-out commit together — a crash leaves either both or neither, never a duplicate or a gap.
 * `SKIP LOCKED` lets several processes on one PostgreSQL fan out side by side.
 */
export async function fanOutEvents(sql: Sql, now: Date, limit = 200): Promise<number> {
  const { rows } = await sql.query<{ id: string }>(FAN_OUT_EVENTS, [limit, now]);
  return rows.length;
}

/** The fan-out statement (partial index webhook_events_pending, then the customer's subscriptions). */
export const FAN_OUT_EVENTS = `WITH pending AS (
       SELECT id, seq, customer_id, type, resource_name, payload
       FROM sandbox.webhook_events
       WHERE NOT fanned_out
       ORDER BY seq
       LIMIT $1
       FOR UPDATE SKIP LOCKED
     ), inserted AS (
       INSERT INTO sandbox.webhook_deliveries
         (id, kind, subscription_id, customer_id, event_id, message_id, event_type, resource_name, payload,
          next_attempt_at, created_at)
       SELECT gen_random_uuid(), 'EVENT', s.id, e.customer_id, e.id, gen_random_uuid(), e.type, e.resource_name,
              e.payload, $2, $2
       FROM pending e
       JOIN sandbox.webhook_subscriptions s
         ON s.customer_id = e.customer_id AND s.seq < e.seq AND (s.include_all OR e.type = ANY (s.event_types))
       ON CONFLICT DO NOTHING
       RETURNING 1
     )
     -- A data-modifying CTE always runs to completion, even unreferenced.
     UPDATE sandbox.webhook_events SET fanned_out = true
     WHERE id IN (SELECT id FROM pending)
     RETURNING id`;
