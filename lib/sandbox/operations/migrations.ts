import type { Migration } from '../core/types';

export const operationMigrations: Migration[] = [
  {
    id: '220_operations',
    sql: `
CREATE TABLE IF NOT EXISTS sandbox.operations (
  id uuid PRIMARY KEY,
  customer_id uuid NOT NULL,
  intent_type text NOT NULL,
  status text NOT NULL,
  account_id uuid NOT NULL,
  account_owner text NOT NULL,
  target_account_id uuid,
  source_asset text NOT NULL,
  source_value numeric NOT NULL,
  target_asset text NOT NULL,
  target_value numeric NOT NULL,
  quote_id uuid NOT NULL UNIQUE REFERENCES sandbox.quotes (id),
  intent jsonb NOT NULL,
  event_intent jsonb NOT NULL,
  fees jsonb NOT NULL,
  transactions jsonb NOT NULL,
  states jsonb NOT NULL,
  tags jsonb NOT NULL,
  -- Exactly-once money movement: each flag flips in the same transaction as the balance move it records.
  debited boolean NOT NULL DEFAULT false,
  credited boolean NOT NULL DEFAULT false,
  refunded boolean NOT NULL DEFAULT false,
  paid_at timestamptz,
  -- Auto customers: when the settlement task moves this operation next. Null: only the helpers move it.
  next_action_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS operations_customer_idx ON sandbox.operations (customer_id, created_at, id);
CREATE INDEX IF NOT EXISTS operations_account_idx ON sandbox.operations (account_id, created_at, id);
CREATE INDEX IF NOT EXISTS operations_target_account_idx ON sandbox.operations (target_account_id, created_at, id)
  WHERE target_account_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS operations_due_idx ON sandbox.operations (next_action_at) WHERE next_action_at IS NOT NULL;`,
  },
];
