import { randomUUID } from 'node:crypto';
import type { Asset } from '@/lib/money/assets';
import { ServiceError, fieldError, notFound } from '../core/errors';
import type { SandboxServices, Sql } from '../core/types';
import type { DictKeyType } from './pix-keys';
import type { Holder, InstructionInput, RelationshipType } from './parse';

/** Auto customers: the simulated compliance review decides this many seconds (sandbox clock) after creation. */
export const AUTO_REVIEW_SECONDS = 2;
/** Magic value: an instruction whose PIX key contains this word is rejected by the auto review. */
export const REJECT_KEYWORD = 'reject';
/**
 * A key containing this word is left PENDING_REVIEW even for an auto customer (until a helper decides it): how a
 * test or a demo shows an instruction that cannot receive payouts yet, without racing the 2-second review.
 */
export const HOLD_KEYWORD = 'hold';

export type InstructionStatus = 'PENDING_REVIEW' | 'APPROVED' | 'REJECTED';
export interface Reason {
  code: string;
  message: string;
  details: Record<string, unknown>;
}
interface StateEntry {
  status: InstructionStatus;
  createdAt: string;
  reason: Reason | null;
}

export interface BeneficiaryRow {
  id: string;
  customer_id: string;
  holder: Holder;
  relationship_type: RelationshipType;
  created_at: Date;
  updated_at: Date;
}

export interface InstructionRow {
  id: string;
  beneficiary_id: string;
  customer_id: string;
  asset: Asset;
  rail: 'PIX_KEY';
  dict_key_type: DictKeyType;
  dict_key: string;
  status: InstructionStatus;
  states: StateEntry[];
  review_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export function instructionResponse(i: InstructionRow) {
  const current = i.states[i.states.length - 1];
  return {
    id: i.id,
    asset: i.asset,
    currentState: current,
    address: { rail: i.rail, dictKeyType: i.dict_key_type, dictKey: i.dict_key },
    createdAt: i.created_at.toISOString(),
  };
}

export function beneficiaryResponse(b: BeneficiaryRow, instructions: InstructionRow[]) {
  return {
    id: b.id,
    customerId: b.customer_id,
    holder: b.holder,
    relationshipType: b.relationship_type,
    paymentInstructions: instructions.map(instructionResponse),
    createdAt: b.created_at.toISOString(),
    updatedAt: b.updated_at.toISOString(),
  };
}

export function beneficiarySummary(b: BeneficiaryRow, instructionCount: number) {
  return {
    id: b.id,
    customerId: b.customer_id,
    holder: b.holder,
    relationshipType: b.relationship_type,
    instructionCount,
    createdAt: b.created_at.toISOString(),
    updatedAt: b.updated_at.toISOString(),
  };
}

/** Event holder: the REST holder with `taxId` as a plain string. */
export function eventHolder(h: Holder): Record<string, unknown> {
  return { ...h, taxId: h.taxId.value };
}

/** `{type, rail, keyType, key}` with the event address type `PixKey`. */
export function eventPixAddress(i: Pick<InstructionRow, 'dict_key_type' | 'dict_key'>) {
  return { type: 'PixKey', rail: 'PIX_KEY', keyType: i.dict_key_type, key: i.dict_key };
}

const EVENT_BY_STATUS = {
  PENDING_REVIEW: 'BENEFICIARY_PAYMENT_INSTRUCTION_CREATED',
  APPROVED: 'BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED',
  REJECTED: 'BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED',
} as const;

async function emitInstructionEvent(tx: Sql, services: Pick<SandboxServices, 'emit'>, b: BeneficiaryRow, i: InstructionRow, at: Date) {
  await services.emit(tx, {
    customerId: b.customer_id,
    type: EVENT_BY_STATUS[i.status],
    resourceName: 'BENEFICIARY',
    resourceId: b.id,
    payload: {
      customerId: b.customer_id,
      holder: eventHolder(b.holder),
      relationshipType: b.relationship_type,
      instruction: { asset: i.asset, address: eventPixAddress(i) },
      atTime: at.toISOString(),
    },
  });
}

const BENEFICIARY_COLUMNS = 'id, customer_id, holder, relationship_type, created_at, updated_at';
const INSTRUCTION_COLUMNS =
  'id, beneficiary_id, customer_id, asset, rail, dict_key_type, dict_key, status, states, review_at, created_at, updated_at';

async function insertInstruction(
  tx: Sql,
  b: BeneficiaryRow,
  input: InstructionInput,
  auto: boolean,
  now: Date,
): Promise<InstructionRow> {
  const row: InstructionRow = {
    id: randomUUID(),
    beneficiary_id: b.id,
    customer_id: b.customer_id,
    asset: input.asset,
    rail: 'PIX_KEY',
    dict_key_type: input.dictKeyType,
    dict_key: input.dictKey,
    status: 'PENDING_REVIEW',
    states: [{ status: 'PENDING_REVIEW', createdAt: now.toISOString(), reason: null }],
    review_at: auto && !input.dictKey.toLowerCase().includes(HOLD_KEYWORD) ? new Date(now.getTime() + AUTO_REVIEW_SECONDS * 1000) : null,
    created_at: now,
    updated_at: now,
  };
  await tx.query(
    `INSERT INTO sandbox.payment_instructions (${INSTRUCTION_COLUMNS}) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9::jsonb,$10,$11,$12)`,
    [row.id, row.beneficiary_id, row.customer_id, row.asset, row.rail, row.dict_key_type, row.dict_key, row.status,
      JSON.stringify(row.states), row.review_at, row.created_at, row.updated_at],
  );
  return row;
}

export interface CreateBeneficiaryInput {
  customerId: string;
  auto: boolean;
  holder: Holder;
  relationshipType: RelationshipType;
  instruction: InstructionInput;
}

/** Creates the beneficiary with its first instruction (PENDING_REVIEW) and emits the CREATED event. */
export async function createBeneficiary(
  tx: Sql,
  services: Pick<SandboxServices, 'emit'>,
  input: CreateBeneficiaryInput,
  now: Date,
): Promise<{ beneficiary: BeneficiaryRow; instructions: InstructionRow[] }> {
  const b: BeneficiaryRow = {
    id: randomUUID(),
    customer_id: input.customerId,
    holder: input.holder,
    relationship_type: input.relationshipType,
    created_at: now,
    updated_at: now,
  };
  await tx.query(`INSERT INTO sandbox.beneficiaries (${BENEFICIARY_COLUMNS}) VALUES ($1,$2,$3::jsonb,$4,$5,$6)`, [
    b.id, b.customer_id, JSON.stringify(b.holder), b.relationship_type, b.created_at, b.updated_at,
  ]);
  const instruction = await insertInstruction(tx, b, input.instruction, input.auto, now);
  await emitInstructionEvent(tx, services, b, instruction, now);
  return { beneficiary: b, instructions: [instruction] };
}

export async function getBeneficiary(tx: Sql, customerId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<BeneficiaryRow | null> {
  const { rows } = await tx.query<BeneficiaryRow>(
    `SELECT ${BENEFICIARY_COLUMNS} FROM sandbox.beneficiaries WHERE id = $1 AND customer_id = $2${opts.forUpdate ? ' FOR UPDATE' : ''}`,
    [id, customerId],
  );
  return rows[0] ?? null;
}

export async function listInstructions(tx: Sql, beneficiaryId: string): Promise<InstructionRow[]> {
  const { rows } = await tx.query<InstructionRow>(
    `SELECT ${INSTRUCTION_COLUMNS} FROM sandbox.payment_instructions WHERE beneficiary_id = $1 ORDER BY created_at, id`,
    [beneficiaryId],
  );
  return rows;
}

/** The instructions of several beneficiaries, grouped by beneficiary, oldest first. */
export async function listInstructionsOf(tx: Sql, beneficiaryIds: string[]): Promise<Map<string, InstructionRow[]>> {
  const out = new Map<string, InstructionRow[]>();
  if (beneficiaryIds.length === 0) return out;
  const { rows } = await tx.query<InstructionRow>(
    `SELECT ${INSTRUCTION_COLUMNS} FROM sandbox.payment_instructions WHERE beneficiary_id = ANY($1::uuid[]) ORDER BY created_at, id`,
    [beneficiaryIds],
  );
  for (const row of rows) out.set(row.beneficiary_id, [...(out.get(row.beneficiary_id) ?? []), row]);
  return out;
}

export async function getInstruction(tx: Sql, id: string, opts: { forUpdate?: boolean } = {}): Promise<InstructionRow | null> {
  const { rows } = await tx.query<InstructionRow>(
    `SELECT ${INSTRUCTION_COLUMNS} FROM sandbox.payment_instructions WHERE id = $1${opts.forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/**
 * A beneficiary holds a PIX key once: adding a key (same type, same normalised key) that it already has PENDING_REVIEW
 * or APPROVED is refused with 422 INVALID_DATA, code DUPLICATE_PIX_KEY on the key's field (the beneficiary
 * endpoints' validation envelope), naming the instruction that has it. A REJECTED key may be added again for a new
 * review. The caller holds the beneficiary's row lock, so two concurrent adds of one key cannot both pass.
 */
async function refuseDuplicateKey(tx: Sql, beneficiaryId: string, input: InstructionInput): Promise<void> {
  const { rows } = await tx.query<{ id: string; status: InstructionStatus }>(
    `SELECT id, status FROM sandbox.payment_instructions
     WHERE beneficiary_id = $1 AND dict_key_type = $2 AND dict_key = $3 AND status <> 'REJECTED' ORDER BY created_at, id LIMIT 1`,
    [beneficiaryId, input.dictKeyType, input.dictKey],
  );
  const existing = rows[0];
  if (!existing) return;
  throw new ServiceError(422, 'INVALID_DATA', 'Object contains invalid data', {
    errors: [
      fieldError('DUPLICATE_PIX_KEY', 'This beneficiary already has this PIX key', 'body:dictKey', {
        dictKeyType: input.dictKeyType,
        paymentInstructionId: existing.id,
        status: existing.status,
      }),
    ],
  });
}

/** Adds an instruction (PENDING_REVIEW) to the customer's beneficiary and emits the CREATED event. */
export async function addInstruction(
  tx: Sql,
  services: Pick<SandboxServices, 'emit'>,
  input: { customerId: string; auto: boolean; beneficiaryId: string; instruction: InstructionInput },
  now: Date,
): Promise<{ beneficiary: BeneficiaryRow; instructions: InstructionRow[] }> {
  // Locked: concurrent adds to one beneficiary take turns, so the duplicate check below sees the other's key.
  const b = await getBeneficiary(tx, input.customerId, input.beneficiaryId, { forUpdate: true });
  if (!b) throw notFound('Beneficiary', input.beneficiaryId);
  await refuseDuplicateKey(tx, b.id, input.instruction);
  const instruction = await insertInstruction(tx, b, input.instruction, input.auto, now);
  const { rows } = await tx.query<{ updated_at: Date }>(
    `UPDATE sandbox.beneficiaries SET updated_at = $2 WHERE id = $1 RETURNING updated_at`,
    [b.id, now],
  );
  const updated = { ...b, updated_at: rows[0].updated_at };
  await emitInstructionEvent(tx, services, updated, instruction, now);
  return { beneficiary: updated, instructions: await listInstructions(tx, b.id) };
}

/**
 * Decides a PENDING_REVIEW instruction: one transaction locks the row, moves it, and emits the event, so the
 * review happens (and is announced) exactly once whoever triggers it.
 */
export async function reviewInstruction(
  tx: Sql,
  services: Pick<SandboxServices, 'emit'>,
  input: { instructionId: string; decision: 'APPROVED' | 'REJECTED'; reason?: Reason; customerId?: string },
  now: Date,
): Promise<InstructionRow> {
  const i = await getInstruction(tx, input.instructionId, { forUpdate: true });
  if (!i || (input.customerId && i.customer_id !== input.customerId)) throw notFound('PaymentInstruction', input.instructionId);
  if (i.status !== 'PENDING_REVIEW') {
    throw new ServiceError(422, 'INVALID_STATUS_CHANGE', `Payment instruction is ${i.status}; only PENDING_REVIEW can be reviewed`, {
      paymentInstructionId: i.id,
      status: i.status,
      requestedStatus: input.decision,
    });
  }
  const reason = input.decision === 'REJECTED'
    ? input.reason ?? { code: 'INSTRUCTION_REJECTED', message: 'Payment instruction rejected by compliance review', details: {} }
    : null;
  const states = [...i.states, { status: input.decision, createdAt: now.toISOString(), reason }];
  await tx.query(
    `UPDATE sandbox.payment_instructions SET status = $2, states = $3::jsonb, review_at = NULL, updated_at = $4 WHERE id = $1`,
    [i.id, input.decision, JSON.stringify(states), now],
  );
  await tx.query(`UPDATE sandbox.beneficiaries SET updated_at = $2 WHERE id = $1`, [i.beneficiary_id, now]);
  const updated: InstructionRow = { ...i, status: input.decision, states, review_at: null, updated_at: now };
  const { rows } = await tx.query<BeneficiaryRow>(`SELECT ${BENEFICIARY_COLUMNS} FROM sandbox.beneficiaries WHERE id = $1`, [i.beneficiary_id]);
  await emitInstructionEvent(tx, services, rows[0], updated, now);
  return updated;
}

export function approveInstruction(tx: Sql, services: Pick<SandboxServices, 'emit'>, instructionId: string, now: Date, customerId?: string) {
  return reviewInstruction(tx, services, { instructionId, decision: 'APPROVED', customerId }, now);
}

export function rejectInstruction(
  tx: Sql,
  services: Pick<SandboxServices, 'emit'>,
  instructionId: string,
  now: Date,
  opts: { reason?: string; customerId?: string } = {},
) {
  const reason: Reason | undefined = opts.reason
    ? { code: 'INSTRUCTION_REJECTED', message: opts.reason, details: {} }
    : undefined;
  return reviewInstruction(tx, services, { instructionId, decision: 'REJECTED', reason, customerId: opts.customerId }, now);
}

/** The review task's probe: instructions due for review (partial index payment_instructions_review_idx). */
export const DUE_INSTRUCTION_REVIEWS = `SELECT id, dict_key FROM sandbox.payment_instructions
     WHERE status = 'PENDING_REVIEW' AND review_at IS NOT NULL AND review_at <= $1 ORDER BY review_at, id LIMIT $2`;

/** Background review for auto customers: each due instruction decided in its own transaction. */
export async function runAutoReviews(services: SandboxServices, batch = 50): Promise<number> {
  const now = services.clock.now();
  const { rows } = await services.sql.query<{ id: string; dict_key: string }>(DUE_INSTRUCTION_REVIEWS, [now, batch]);
  let moved = 0;
  for (const r of rows) {
    const rejected = r.dict_key.toLowerCase().includes(REJECT_KEYWORD);
    const done = await services.sql.transaction(async (tx) => {
      const current = await getInstruction(tx, r.id, { forUpdate: true });
      if (!current || current.status !== 'PENDING_REVIEW') return false; // a helper decided it meanwhile
      await reviewInstruction(
        tx,
        services,
        {
          instructionId: r.id,
          decision: rejected ? 'REJECTED' : 'APPROVED',
          reason: rejected
            ? { code: 'PIX_KEY_REJECTED', message: 'The PIX key was rejected by the compliance review', details: { dictKey: r.dict_key } }
            : undefined,
        },
        now,
      );
      return true;
    });
    if (done) moved++;
  }
  return moved;
}
