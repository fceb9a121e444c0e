import type { Migration } from './types';

export const coreMigrations: Migration[] = [
  {
    id: '001_core',
    sql: `
      CREATE TABLE sandbox.settings (key text PRIMARY KEY, value text NOT NULL);
      CREATE TABLE sandbox.customers (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        client_id text NOT NULL UNIQUE,
        client_secret text NOT NULL,
        auto boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL
      );
      CREATE TABLE sandbox.idempotency_keys (
        scope uuid NOT NULL,
        key text NOT NULL,
        method_path text NOT NULL,
        body_hash text NOT NULL,
        status integer,
        response_body jsonb,
        response_headers jsonb,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (scope, key)
      );
      CREATE INDEX idempotency_keys_created_at ON sandbox.idempotency_keys (created_at);
    `,
  },
  {
    // The stored response is replayed byte for byte and never queried inside: text spares jsonb's parse on every write.
    id: '002_idempotency_response_text',
    sql: `
      ALTER TABLE sandbox.idempotency_keys
        ALTER COLUMN response_body TYPE text USING response_body::text,
        ALTER COLUMN response_headers TYPE text USING response_headers::text;
    `,
  },
];
