import { notFound } from '../core/errors';
import { paginate } from '../core/pagination';
import type { RouteDef } from '../core/types';
import { Validator } from '../core/validate';
import { parseCreateBeneficiary, parseInstructionBody } from './parse';
import {
  addInstruction,
  approveInstruction,
  beneficiaryResponse,
  beneficiarySummary,
  createBeneficiary,
  getBeneficiary,
  getInstruction,
  instructionResponse,
  listInstructions,
  listInstructionsOf,
  rejectInstruction,
  type BeneficiaryRow,
} from './service';

function pathId(params: Record<string, string>, name: string): string {
  const v = new Validator('path');
  const id = v.uuid(params, name, { required: true });
  v.done();
  return id!;
}

export const beneficiaryRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/api/beneficiaries',
    auth: 'customer',
    summary: 'Create a beneficiary with its first PIX payment instruction (PENDING_REVIEW).',
    async handler(ctx) {
      const input = parseCreateBeneficiary(ctx.body);
      const { beneficiary, instructions } = await createBeneficiary(
        ctx.sql,
        ctx.services,
        { customerId: ctx.customer!.id, auto: ctx.customer!.auto, ...input },
        ctx.now,
      );
      return { status: 201, body: beneficiaryResponse(beneficiary, instructions) };
    },
  },
  {
    method: 'GET',
    path: '/api/beneficiaries',
    auth: 'customer',
    summary:
      'List beneficiaries (extension) with their instruction count and instructions; `name` narrows to holders whose name (first + last, or legal or trade name) contains it (case-insensitive).',
    async handler(ctx) {
      const where = ['b.customer_id = $1'];
      const params: unknown[] = [ctx.customer!.id];
      const name = ctx.query.get('name');
      if (name !== null && name.trim() !== '') {
        const v = new Validator('query');
        v.string({ name }, 'name', { maxLength: 100 });
        v.done();
        // LIKE wildcards typed by a person are literal characters.
        params.push(`%${name.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        where.push(
          `(coalesce(b.holder->>'firstName', '') || ' ' || coalesce(b.holder->>'lastName', '') || ' ' || coalesce(b.holder->>'legalName', '') || ' ' || coalesce(b.holder->>'tradeName', '')) ILIKE $2`,
        );
      }
      const page = await paginate<Record<string, unknown> & BeneficiaryRow & { instruction_count: number }, ReturnType<typeof beneficiarySummary>>(ctx.sql, {
        from: 'sandbox.beneficiaries b',
        select: `b.id, b.customer_id, b.holder, b.relationship_type, b.created_at, b.updated_at,
          (SELECT count(*)::int FROM sandbox.payment_instructions i WHERE i.beneficiary_id = b.id) AS instruction_count`,
        where,
        params,
        createdAtColumn: 'b.created_at',
        idColumn: 'b.id',
        query: ctx.query,
        map: (r) => beneficiarySummary(r, r.instruction_count),
      });
      // The list shows each instruction's review status: one query for the whole page.
      const byBeneficiary = await listInstructionsOf(ctx.sql, page.data.map((b) => b.id));
      const data = page.data.map((b) => ({ ...b, paymentInstructions: (byBeneficiary.get(b.id) ?? []).map(instructionResponse) }));
      return { status: 200, body: { ...page, data } };
    },
  },
  {
    method: 'GET',
    path: '/api/beneficiaries/:beneficiaryId',
    auth: 'customer',
    summary: 'Read a beneficiary with all its payment instructions.',
    async handler(ctx) {
      const id = pathId(ctx.params, 'beneficiaryId');
      const b = await getBeneficiary(ctx.sql, ctx.customer!.id, id);
      if (!b) throw notFound('Beneficiary', id);
      return { status: 200, body: beneficiaryResponse(b, await listInstructions(ctx.sql, b.id)) };
    },
  },
  {
    method: 'POST',
    path: '/api/beneficiaries/:beneficiaryId/payment-instructions',
    auth: 'customer',
    summary: 'Add a PIX payment instruction (PENDING_REVIEW); returns the full beneficiary. A key the beneficiary already has (not REJECTED) → 422 INVALID_DATA, DUPLICATE_PIX_KEY on body:dictKey.',
    async handler(ctx) {
      const id = pathId(ctx.params, 'beneficiaryId');
      const instruction = parseInstructionBody(ctx.body);
      const { beneficiary, instructions } = await addInstruction(
        ctx.sql,
        ctx.services,
        { customerId: ctx.customer!.id, auto: ctx.customer!.auto, beneficiaryId: id, instruction },
        ctx.now,
      );
      return { status: 201, body: beneficiaryResponse(beneficiary, instructions) };
    },
  },
];

async function reviewed(ctx: Parameters<RouteDef['handler']>[0], instructionId: string) {
  const i = await getInstruction(ctx.sql, instructionId);
  const b = i && (await getBeneficiary(ctx.sql, ctx.customer!.id, i.beneficiary_id));
  if (!b) throw notFound('PaymentInstruction', instructionId);
  return { status: 200, body: beneficiaryResponse(b, await listInstructions(ctx.sql, b.id)) };
}

export const beneficiaryHelperRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/_sandbox/payment-instructions/:instructionId/approve',
    auth: 'customer',
    summary: 'Approve a PENDING_REVIEW payment instruction now (sandbox helper).',
    async handler(ctx) {
      const id = pathId(ctx.params, 'instructionId');
      await approveInstruction(ctx.sql, ctx.services, id, ctx.now, ctx.customer!.id);
      return reviewed(ctx, id);
    },
  },
  {
    method: 'POST',
    path: '/_sandbox/payment-instructions/:instructionId/reject',
    auth: 'customer',
    summary: 'Reject a PENDING_REVIEW payment instruction now: {reason?} (sandbox helper).',
    async handler(ctx) {
      const id = pathId(ctx.params, 'instructionId');
      let reason: string | undefined;
      if (ctx.body !== undefined) {
        const v = new Validator('body');
        reason = v.string(v.root(ctx.body), 'reason', { maxLength: 500 });
        v.done();
      }
      await rejectInstruction(ctx.sql, ctx.services, id, ctx.now, { reason, customerId: ctx.customer!.id });
      return reviewed(ctx, id);
    },
  },
];
