import { randomUUID } from 'node:crypto';
import type { Sql } from '../core/types';
import { allResources } from './catalog';
import type { SubscriptionInput, SubscriptionPatch, SubscriptionResource } from './subscription-input';

export type SubscriptionRow = {
  id: string;
  customer_id: string;
  url: string;
  include_all: boolean;
  resources: SubscriptionResource[];
  allow_retry: boolean;
  created_at: Date;
  updated_at: Date;
};

export const SUBSCRIPTION_COLUMNS = 'id, customer_id, url, include_all, resources, allow_retry, created_at, updated_at';

/** The contract's Subscription, plus `includeAll` (upstream request field, echoed so a console can show it). */
export function toSubscription(r: SubscriptionRow) {
  return {
    id: r.id,
    companyId: r.customer_id,
    url: r.url,
    includeAll: r.include_all,
    // Resolved on read, so an includeAll subscription always shows the whole current catalog.
    resources: r.include_all ? allResources() : r.resources,
    allowRetry: r.allow_retry,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

function eventTypesOf(resources: SubscriptionResource[]): string[] {
  return resources.flatMap((r) => r.events);
}

export async function insertSubscription(tx: Sql, customerId: string, input: SubscriptionInput, now: Date): Promise<SubscriptionRow> {
  const { rows } = await tx.query<SubscriptionRow>(
    `INSERT INTO sandbox.webhook_subscriptions
       (id, customer_id, url, include_all, resources, event_types, allow_retry, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::text[], $7, $8, $8)
     RETURNING ${SUBSCRIPTION_COLUMNS}`,
    [randomUUID(), customerId, input.url, input.includeAll, JSON.stringify(input.resources), eventTypesOf(input.resources), input.allowRetry, now],
  );
  return rows[0];
}

/** Tenant-scoped: another customer's subscription is indistinguishable from a missing one. */
export async function findSubscription(sql: Sql, customerId: string, id: string): Promise<SubscriptionRow | null> {
  const { rows } = await sql.query<SubscriptionRow>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM sandbox.webhook_subscriptions WHERE id = $1 AND customer_id = $2`,
    [id, customerId],
  );
  return rows[0] ?? null;
}

export async function updateSubscription(
  tx: Sql,
  current: SubscriptionRow,
  patch: SubscriptionPatch,
  now: Date,
): Promise<SubscriptionRow> {
  const resources = patch.resources ?? current.resources;
  const { rows } = await tx.query<SubscriptionRow>(
    `UPDATE sandbox.webhook_subscriptions
     SET url = $3, include_all = $4, resources = $5::jsonb, event_types = $6::text[], allow_retry = $7, updated_at = $8
     WHERE id = $1 AND customer_id = $2
     RETURNING ${SUBSCRIPTION_COLUMNS}`,
    [
      current.id,
      current.customer_id,
      patch.url ?? current.url,
      patch.includeAll ?? current.include_all,
      JSON.stringify(resources),
      eventTypesOf(resources),
      patch.allowRetry ?? current.allow_retry,
      now,
    ],
  );
  return rows[0];
}

/** Deleting cascades to pending deliveries and execution logs (the API can no longer reach either). */
export async function deleteSubscription(sql: Sql, customerId: string, id: string): Promise<boolean> {
  const { rows } = await sql.query<{ id: string }>(
    'DELETE FROM sandbox.webhook_subscriptions WHERE id = $1 AND customer_id = $2 RETURNING id',
    [id, customerId],
  );
  return rows.length > 0;
}
