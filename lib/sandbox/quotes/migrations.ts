import type { Migration } from '../core/types';

export const quoteMigrations: Migration[] = [
  {
    id: '210_quotes',
    sql: `
CREATE TABLE IF NOT EXISTS sandbox.quotes (
  id uuid PRIMARY KEY,
  customer_id uuid NOT NULL,
  account_id uuid NOT NULL,
  source_asset text NOT NULL,
  target_asset text NOT NULL,
  source_value numeric NOT NULL,
  target_value numeric NOT NULL,
  rate text NOT NULL,
  spot_rate text NOT NULL,
  fees jsonb NOT NULL,
  -- QUOTE: made by POST /api/quotes; TRANSFER: the 1:1 quote the service makes for a transfer.
  kind text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  -- Single use: set once, by a conditional UPDATE, when an operation claims the quote at its creation.
  consumed_by_operation_id uuid UNIQUE,
  -- The contract's quote.consumedAt: when settlement locked the rate (PROCESSING); for transfers, at creation.
  consumed_at timestamptz
);
CREATE INDEX IF NOT EXISTS quotes_customer_idx ON sandbox.quotes (customer_id, created_at, id);`,
  },
];
