import type { Migration } from '../core/types';

export const balanceMigrations: Migration[] = [
  {
    id: '200_balances',
    sql: `
CREATE TABLE IF NOT EXISTS sandbox.balances (
  account_id uuid NOT NULL,
  asset text NOT NULL,
  -- Second line of defence: the service functions refuse to overdraw, the database refuses it too.
  available numeric NOT NULL DEFAULT 0 CHECK (available >= 0),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, asset)
);`,
  },
];
