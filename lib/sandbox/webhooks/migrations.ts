import type { Migration } from '../core/types';

/**
 * Webhook tables. Everything lives in the `sandbox` schema.
 *
 * - `webhook_seq` orders subscriptions and events on one axis, so fan-out can tell which subscriptions existed when
 *   an event was emitted (`subscription.seq < event.seq`) without trusting the (advanceable) sandbox clock.
 * - `webhook_events` is the outbox: `emitEvent` inserts here inside the emitting module's transaction.
 * - `webhook_deliveries` is one message (event × subscription, or one resend) with its retry schedule and lease.
 * - `webhook_execution_logs` is one row per HTTP attempt; listed by keyset on (subscription_id, created_at, id).
 */
export const WEBHOOK_MIGRATIONS: Migration[] = [
  {
    id: '401_webhooks',
    sql: `
CREATE SCHEMA IF NOT EXISTS sandbox;
CREATE SEQUENCE IF NOT EXISTS sandbox.webhook_seq;

CREATE TABLE sandbox.webhook_subscriptions (
  id uuid PRIMARY KEY,
  seq bigint NOT NULL DEFAULT nextval('sandbox.webhook_seq'),
  customer_id text NOT NULL,
  url text NOT NULL,
  include_all boolean NOT NULL DEFAULT false,
  resources jsonb NOT NULL,
  event_types text[] NOT NULL,
  allow_retry boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX webhook_subscriptions_customer_page ON sandbox.webhook_subscriptions (customer_id, created_at, id);

CREATE TABLE sandbox.webhook_events (
  id uuid PRIMARY KEY,
  seq bigint NOT NULL DEFAULT nextval('sandbox.webhook_seq'),
  customer_id text NOT NULL,
  type text NOT NULL,
  resource_name text NOT NULL,
  resource_id text NOT NULL,
  payload text NOT NULL,
  fanned_out boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_events_pending ON sandbox.webhook_events (seq) WHERE NOT fanned_out;

CREATE TABLE sandbox.webhook_deliveries (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('EVENT', 'RESEND')),
  subscription_id uuid NOT NULL REFERENCES sandbox.webhook_subscriptions (id) ON DELETE CASCADE,
  customer_id text NOT NULL,
  event_id uuid REFERENCES sandbox.webhook_events (id),
  message_id uuid NOT NULL,
  event_type text NOT NULL,
  resource_name text NOT NULL,
  payload text NOT NULL,
  attempts_made integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  done boolean NOT NULL DEFAULT false,
  locked_until timestamptz,
  lease_token uuid,
  created_at timestamptz NOT NULL
);
-- One message per (event, subscription): the fan-out's last line of defence against duplicates.
CREATE UNIQUE INDEX webhook_deliveries_event_subscription
  ON sandbox.webhook_deliveries (event_id, subscription_id) WHERE kind = 'EVENT';
CREATE INDEX webhook_deliveries_due ON sandbox.webhook_deliveries (next_attempt_at) WHERE NOT done;

CREATE TABLE sandbox.webhook_execution_logs (
  id uuid PRIMARY KEY,
  customer_id text NOT NULL,
  subscription_id uuid NOT NULL REFERENCES sandbox.webhook_subscriptions (id) ON DELETE CASCADE,
  delivery_id uuid,
  message_id uuid NOT NULL,
  event_type text NOT NULL,
  url text NOT NULL,
  payload text NOT NULL,
  http_status integer NOT NULL,
  status text NOT NULL CHECK (status IN ('SUCCESS', 'FAILED')),
  retry_attempts integer NOT NULL,
  error text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX webhook_execution_logs_page ON sandbox.webhook_execution_logs (subscription_id, created_at, id);
CREATE INDEX webhook_execution_logs_status_page
  ON sandbox.webhook_execution_logs (subscription_id, status, created_at, id);
CREATE INDEX webhook_execution_logs_message ON sandbox.webhook_execution_logs (message_id);

CREATE TABLE sandbox.webhook_fail_rules (
  customer_id text NOT NULL,
  url text NOT NULL,
  remaining integer NOT NULL CHECK (remaining >= 0),
  http_status integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, url)
);
`,
  },
  {
    // Execution-log filters (extension): an event-type filter, alone or with the status filter, is a range scan on
    // its own index, so a page reads at most limit + 1 index entries however many logs the subscription has.
    id: '405_execution_log_filter_indexes',
    sql: `
CREATE INDEX IF NOT EXISTS webhook_execution_logs_event_page
  ON sandbox.webhook_execution_logs (subscription_id, event_type, created_at, id);
CREATE INDEX IF NOT EXISTS webhook_execution_logs_status_event_page
  ON sandbox.webhook_execution_logs (subscription_id, status, event_type, created_at, id);
`,
  },
  {
    // Retention (webhooks/retention.ts): the oldest logs are found and deleted a small batch at a time. A resend's
    // claim finds the original delivery of its message (its event's resource id): without an index on message_id
    // that was a scan of every delivery ever made (lib/db/hot-queries.test.ts).
    id: '406_history_indexes',
    sql: `
CREATE INDEX IF NOT EXISTS webhook_execution_logs_created ON sandbox.webhook_execution_logs (created_at);
CREATE INDEX IF NOT EXISTS webhook_deliveries_message ON sandbox.webhook_deliveries (message_id);
`,
  },
  {
    // Extension: the id of the resource a logged message is about, written with the attempt (the claimed delivery
    // knows it), so listing logs stays a range scan on the page indexes instead of a lookup per row.
    id: '407_execution_log_resource_id',
    sql: `
ALTER TABLE sandbox.webhook_execution_logs ADD COLUMN IF NOT EXISTS resource_id text;
UPDATE sandbox.webhook_execution_logs l SET resource_id = e.resource_id::text
  FROM sandbox.webhook_deliveries d JOIN sandbox.webhook_events e ON e.id = d.event_id
  WHERE d.id = l.delivery_id AND l.resource_id IS NULL;
`,
  },
];
