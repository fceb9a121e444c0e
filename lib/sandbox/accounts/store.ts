import { randomUUID } from 'node:crypto';
import { notFound } from '../core/errors';
import type { Sql } from '../core/types';
import type { CreateAccountInput } from './input';
import { ACCOUNT_COLUMNS, state, type AccountRow, type Tag } from './model';
import { initialRequirements } from './requirements';

/** Tags stamped on every account; `propagates` is the tag operations inherit (read by SBX-MONEY from `tags`). */
export const DEFAULT_TAGS: Tag[] = [{ key: null, value: 'sandbox' }];

export async function insertAccount(
  tx: Sql,
  customerId: string,
  input: CreateAccountInput,
  now: Date,
  opts: { tags?: Tag[]; sourceAccountId?: string | null } = {},
): Promise<AccountRow> {
  const row: AccountRow = {
    id: randomUUID(),
    customer_id: customerId,
    status: 'ACTION_REQUIRED',
    owner: input.owner,
    ubos: [],
    assets: input.assets.map((a) => ({ ...a, status: 'ONBOARDING', activatedAt: null })),
    requirements: initialRequirements(input.assets.map((a) => a.asset)),
    tags: opts.tags ?? DEFAULT_TAGS,
    states: [state('ACTION_REQUIRED', now)],
    source_account_id: opts.sourceAccountId ?? null,
    created_at: now,
    updated_at: now,
  };
  await tx.query(
    `INSERT INTO sandbox.accounts (id, customer_id, status, legal_name, tax_id, owner, ubos, assets, requirements, tags, states, source_account_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)`,
    [
      row.id, customerId, row.status, row.owner.legalName, row.owner.taxId.value, JSON.stringify(row.owner), JSON.stringify(row.ubos),
      JSON.stringify(row.assets), JSON.stringify(row.requirements), JSON.stringify(row.tags), JSON.stringify(row.states),
      row.source_account_id, now,
    ],
  );
  return row;
}

/** The customer's account, or 404 naming it (another customer's id is indistinguishable from an unknown one). */
export async function loadAccount(sql: Sql, customerId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<AccountRow> {
  const { rows } = await sql.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM sandbox.accounts WHERE id = $1 AND customer_id = $2${opts.forUpdate ? ' FOR UPDATE' : ''}`,
    [id, customerId],
  );
  if (!rows[0]) throw notFound('Account', id);
  return rows[0];
}

/** Persists the mutable parts of an account. */
export async function saveAccount(
  tx: Sql,
  row: AccountRow,
  now: Date,
  schedule: { reviewDueAt?: Date | null; activationDueAt?: Date | null } = {},
): Promise<void> {
  row.updated_at = now;
  const sets = ['status = $2', 'ubos = $3', 'assets = $4', 'requirements = $5', 'states = $6', 'updated_at = $7'];
  const params: unknown[] = [
    row.id, row.status, JSON.stringify(row.ubos), JSON.stringify(row.assets), JSON.stringify(row.requirements),
    JSON.stringify(row.states), now,
  ];
  if (schedule.reviewDueAt !== undefined) {
    params.push(schedule.reviewDueAt);
    sets.push(`review_due_at = $${params.length}`);
  }
  if (schedule.activationDueAt !== undefined) {
    params.push(schedule.activationDueAt);
    sets.push(`activation_due_at = $${params.length}`);
  }
  await tx.query(`UPDATE sandbox.accounts SET ${sets.join(', ')} WHERE id = $1`, params);
}

/** The account holding a UBO (for documents with holder UBO), or 404 UBO. */
export async function loadAccountByUbo(sql: Sql, customerId: string, uboId: string, opts: { forUpdate?: boolean } = {}): Promise<AccountRow> {
  const { rows } = await sql.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM sandbox.accounts WHERE customer_id = $1 AND ubos @> $2::jsonb${opts.forUpdate ? ' FOR UPDATE' : ''}`,
    [customerId, JSON.stringify([{ id: uboId }])],
  );
  if (!rows[0]) throw notFound('UBO', uboId);
  return rows[0];
}
