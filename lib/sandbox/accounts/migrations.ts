import type { Migration } from '../core/types';

export const accountMigrations: Migration[] = [
  {
    id: '101_accounts',
    sql: `
      CREATE TABLE sandbox.accounts (
        id uuid PRIMARY KEY,
        customer_id uuid NOT NULL REFERENCES sandbox.customers (id),
        status text NOT NULL,
        legal_name text NOT NULL,
        tax_id text NOT NULL,
        owner jsonb NOT NULL,
        ubos jsonb NOT NULL DEFAULT '[]',
        assets jsonb NOT NULL,
        requirements jsonb NOT NULL,
        tags jsonb NOT NULL DEFAULT '[]',
        states jsonb NOT NULL,
        source_account_id uuid,
        review_due_at timestamptz,
        activation_due_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX accounts_customer_page ON sandbox.accounts (customer_id, created_at, id);
      CREATE INDEX accounts_review_due ON sandbox.accounts (review_due_at) WHERE review_due_at IS NOT NULL;
      CREATE INDEX accounts_activation_due ON sandbox.accounts (activation_due_at) WHERE activation_due_at IS NOT NULL;
      CREATE TABLE sandbox.documents (
        id uuid PRIMARY KEY,
        customer_id uuid NOT NULL,
        account_id uuid NOT NULL REFERENCES sandbox.accounts (id),
        ubo_id uuid,
        holder_type text NOT NULL,
        document_type text NOT NULL,
        document_sub_type text,
        file_name text,
        detected_type text NOT NULL,
        size_bytes integer NOT NULL,
        sha256 text NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL
      );
      CREATE INDEX documents_account ON sandbox.documents (account_id, created_at);
    `,
  },
];
