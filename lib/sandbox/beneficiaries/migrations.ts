import type { Migration } from '../core/types';

export const beneficiaryMigrations: Migration[] = [
  {
    id: '230_beneficiaries',
    sql: `
CREATE TABLE IF NOT EXISTS sandbox.beneficiaries (
  id uuid PRIMARY KEY,
  customer_id uuid NOT NULL,
  holder jsonb NOT NULL,
  relationship_type text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS beneficiaries_customer_idx ON sandbox.beneficiaries (customer_id, created_at, id);
CREATE TABLE IF NOT EXISTS sandbox.payment_instructions (
  id uuid PRIMARY KEY,
  beneficiary_id uuid NOT NULL REFERENCES sandbox.beneficiaries (id) ON DELETE CASCADE,
  customer_id uuid NOT NULL,
  asset text NOT NULL,
  rail text NOT NULL,
  dict_key_type text NOT NULL,
  dict_key text NOT NULL,
  status text NOT NULL,
  states jsonb NOT NULL,
  -- Auto customers: when the simulated compliance review decides. Null: waits for the approve/reject helpers.
  review_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS payment_instructions_beneficiary_idx ON sandbox.payment_instructions (beneficiary_id, created_at, id);
CREATE INDEX IF NOT EXISTS payment_instructions_review_idx ON sandbox.payment_instructions (review_at) WHERE review_at IS NOT NULL;`,
  },
];
