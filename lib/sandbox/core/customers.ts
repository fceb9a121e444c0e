import { randomBytes, randomUUID } from 'node:crypto';
import type { Customer, Sql } from './types';

interface CustomerRow {
  id: string;
  name: string;
  client_id: string;
  client_secret: string;
  auto: boolean;
}

function toCustomer(r: CustomerRow): Customer {
  return { id: r.id, name: r.name, clientId: r.client_id, clientSecret: r.client_secret, auto: r.auto };
}

export function generateSecret(): string {
  return `sk_sbx_${randomBytes(24).toString('base64url')}`;
}

export async function createCustomer(
  tx: Sql,
  input: { name: string; auto: boolean; clientId?: string; clientSecret?: string; now: Date },
): Promise<Customer> {
  const id = randomUUID();
  const clientId = input.clientId ?? `sbx_${randomBytes(9).toString('base64url')}`;
  const clientSecret = input.clientSecret ?? generateSecret();
  await tx.query(
    `INSERT INTO sandbox.customers (id, name, client_id, client_secret, auto, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
    [id, input.name, clientId, clientSecret, input.auto, input.now],
  );
  return { id, name: input.name, clientId, clientSecret, auto: input.auto };
}

export async function findCustomerById(sql: Sql, id: string): Promise<Customer | null> {
  const { rows } = await sql.query<CustomerRow>('SELECT * FROM sandbox.customers WHERE id = $1', [id]);
  return rows[0] ? toCustomer(rows[0]) : null;
}

export async function findCustomerByClientId(sql: Sql, clientId: string): Promise<Customer | null> {
  const { rows } = await sql.query<CustomerRow>('SELECT * FROM sandbox.customers WHERE client_id = $1', [clientId]);
  return rows[0] ? toCustomer(rows[0]) : null;
}
