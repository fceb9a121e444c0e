import { ServiceError } from '../core/errors';
import type { BackgroundTask, SandboxServices, Sql } from '../core/types';
import { AUTO_ACTIVATION_DELAY_MS, AUTO_REVIEW_DELAY_MS, type AccountStatus } from './constants';
import { ACCOUNT_COLUMNS, accountJson, state, type AccountJson, type AccountRow } from './model';
import { allSatisfied, missingForReview, reviewed } from './requirements';
import { loadAccount, saveAccount } from './store';

/** POST /api/accounts/{id}/review: ACTION_REQUIRED → REVIEWING once nothing is currentlyDue or rejected. */
export async function submitReview(tx: Sql, customer: { id: string; auto: boolean }, accountId: string, now: Date): Promise<void> {
  const row = await loadAccount(tx, customer.id, accountId, { forUpdate: true });
  if (row.status !== 'ACTION_REQUIRED') {
    throw new ServiceError(409, 'REVIEW_ALREADY_SUBMITTED', `The review of account ${accountId} was already submitted`, {
      accountId,
      status: row.status,
    });
  }
  const missing = missingForReview(row.requirements);
  if (missing.length) {
    throw new ServiceError(422, 'MISSING_DOCUMENTS_FOR_REVIEW', 'The account still has documents or UBOs to provide before review', {
      accountId,
      missingDocumentTypes: missing,
    });
  }
  row.status = 'REVIEWING';
  row.states.push(state('REVIEWING', now));
  await saveAccount(tx, row, now, { reviewDueAt: customer.auto ? new Date(now.getTime() + AUTO_REVIEW_DELAY_MS) : null });
}

/** Deterministic rejection trigger: a document uploaded with a file name containing "reject". */
async function rejectedDocuments(tx: Sql, accountId: string): Promise<Set<string>> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id::text AS id FROM sandbox.documents WHERE account_id = $1 AND file_name ILIKE '%reject%'`,
    [accountId],
  );
  return new Set(rows.map((r) => r.id));
}

/** The review decision for one REVIEWING account (row locked by the caller). */
export async function decideReview(tx: Sql, row: AccountRow, now: Date, opts: { autoActivate: boolean }): Promise<void> {
  const rejected = await rejectedDocuments(tx, row.id);
  const req = reviewed(row.requirements, rejected);
  const nowIso = now.toISOString();
  for (const ubo of row.ubos) {
    const bad = req.errors.find((i) => i.uboId === ubo.id);
    const status = bad ? 'REJECTED' : 'APPROVED';
    if (ubo.states[ubo.states.length - 1].status !== status) {
      ubo.states.push(bad ? state('REJECTED', now, bad.reason ?? undefined) : state('APPROVED', now));
      ubo.updatedAt = nowIso;
    }
  }
  const approvedUbos = row.ubos.filter((u) => u.states[u.states.length - 1].status === 'APPROVED').length;
  const uboItem = req.satisfied.findIndex((i) => i.type === 'UBO_VERIFICATION');
  if (uboItem !== -1 && approvedUbos === 0) {
    const [it] = req.satisfied.splice(uboItem, 1);
    req.errors.push({ ...it, reason: { code: 'NO_APPROVED_UBO', message: 'At least one approved UBO is required', details: {} } });
  }
  row.requirements = req;
  if (req.errors.length) {
    row.status = 'ACTION_REQUIRED';
    row.states.push(
      state('ACTION_REQUIRED', now, {
        code: 'DOCUMENTS_REJECTED',
        message: 'Some documents were rejected: upload replacements and submit the review again',
        details: { documentTypes: req.errors.map((i) => i.metadata.documentType ?? i.type) },
      }),
    );
    await saveAccount(tx, row, now, { reviewDueAt: null, activationDueAt: null });
    return;
  }
  row.status = 'OPENING';
  row.states.push(state('OPENING', now));
  await saveAccount(tx, row, now, {
    reviewDueAt: null,
    activationDueAt: opts.autoActivate ? new Date(now.getTime() + AUTO_ACTIVATION_DELAY_MS) : null,
  });
}

/** OPENING → ACTIVE: every ONBOARDING asset becomes ACTIVE, one ASSET_ACTIVATED event lists them. */
export async function completeActivation(tx: Sql, services: SandboxServices, row: AccountRow, now: Date): Promise<void> {
  const activated = row.assets.filter((a) => a.status === 'ONBOARDING');
  for (const a of activated) {
    a.status = 'ACTIVE';
    a.activatedAt = now.toISOString();
  }
  row.status = 'ACTIVE';
  row.states.push(state('ACTIVE', now));
  await saveAccount(tx, row, now, { reviewDueAt: null, activationDueAt: null });
  if (activated.length) {
    await services.emit(tx, {
      customerId: row.customer_id,
      type: 'ASSET_ACTIVATED',
      resourceName: 'ACCOUNT',
      resourceId: row.id,
      payload: { accountId: row.id, customerId: row.customer_id, assets: activated.map((a) => a.asset), atTime: now.toISOString() },
    });
  }
}

/**
 * `/_sandbox/accounts/{id}/activate`: approves whatever is pending at once (documents, UBOs), walks the account
 * through the missing states to ACTIVE. Already ACTIVE: returned unchanged.
 */
export async function activateAccount(tx: Sql, services: SandboxServices, customerId: string, accountId: string, now: Date): Promise<AccountJson> {
  const row = await loadAccount(tx, customerId, accountId, { forUpdate: true });
  if (row.status === 'ACTIVE') return accountJson(row);
  if (row.status === 'REJECTED' || row.status === 'CLOSED') {
    throw new ServiceError(422, 'INVALID_STATUS_CHANGE', `Account ${accountId} is ${row.status} and cannot be activated`, {
      accountId,
      status: row.status,
    });
  }
  row.requirements = allSatisfied(row.requirements);
  for (const ubo of row.ubos) {
    if (ubo.states[ubo.states.length - 1].status !== 'APPROVED') {
      ubo.states.push(state('APPROVED', now));
      ubo.updatedAt = now.toISOString();
    }
  }
  const path: AccountStatus[] = ['REVIEWING', 'OPENING'];
  for (const s of path.slice(row.status === 'ACTION_REQUIRED' ? 0 : row.status === 'REVIEWING' ? 1 : 2)) {
    row.states.push(state(s, now));
  }
  await completeActivation(tx, services, row, now);
  return accountJson(row);
}

/** The idle probe of the review and activation tasks (partial indexes accounts_review_due / _activation_due). */
export function accountsDueProbe(column: 'review_due_at' | 'activation_due_at'): string {
  return `SELECT 1 FROM sandbox.accounts WHERE ${column} <= $1 AND status = $2 LIMIT 1`;
}

/** Cheap check outside a transaction, so idle ticks don't open one. */
async function anyDue(sql: Sql, column: 'review_due_at' | 'activation_due_at', status: AccountStatus, now: Date): Promise<boolean> {
  const { rows } = await sql.query(accountsDueProbe(column), [now, status]);
  return rows.length > 0;
}

async function claim(tx: Sql, column: 'review_due_at' | 'activation_due_at', status: AccountStatus, now: Date): Promise<AccountRow[]> {
  const { rows } = await tx.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM sandbox.accounts
     WHERE ${column} <= $1 AND status = $2
     ORDER BY ${column} LIMIT 20 FOR UPDATE SKIP LOCKED`,
    [now, status],
  );
  return rows;
}

/** Auto customers: decides reviews AUTO_REVIEW_DELAY_MS after submission (sandbox clock). */
export const reviewTask: BackgroundTask = {
  name: 'account-reviews',
  runOnWake: false,
  async run(services) {
    const now = services.clock.now();
    if (!(await anyDue(services.sql, 'review_due_at', 'REVIEWING', now))) return 0;
    return services.sql.transaction(async (tx) => {
      const rows = await claim(tx, 'review_due_at', 'REVIEWING', now);
      for (const row of rows) await decideReview(tx, row, now, { autoActivate: true });
      return rows.length;
    });
  },
};

/** Auto customers: OPENING → ACTIVE AUTO_ACTIVATION_DELAY_MS after approval. */
export const activationTask: BackgroundTask = {
  name: 'account-activations',
  runOnWake: false,
  async run(services) {
    const now = services.clock.now();
    if (!(await anyDue(services.sql, 'activation_due_at', 'OPENING', now))) return 0;
    return services.sql.transaction(async (tx) => {
      const rows = await claim(tx, 'activation_due_at', 'OPENING', now);
      for (const row of rows) await completeActivation(tx, services, row, now);
      return rows.length;
    });
  },
};
