import { randomUUID } from 'node:crypto';
import { Dec } from '@/lib/money/decimal';
import { ServiceError, notFound } from '../core/errors';
import { buildFilterSql } from '../core/filters';
import { paginate, paginateArray } from '../core/pagination';
import { Validator } from '../core/validate';
import type { RequestContext, RouteDef } from '../core/types';
import { MIN_UBO_OWNERSHIP } from './constants';
import { uploadDocumentRoute } from './documents';
import { ACCOUNT_FILTER_FIELDS } from './filter-fields';
import { fundingInstructionsFor } from './funding';
import { parseCreateAccount, parseUbo } from './input';
import { ACCOUNT_COLUMNS, accountJson, state, uboJson, type AccountRow, type Ubo } from './model';
import { withUbo } from './requirements';
import { submitReview } from './review';
import { insertAccount, loadAccount, saveAccount } from './store';

function pathId(ctx: RequestContext, name: string): string {
  const v = new Validator('path');
  const id = v.uuid(ctx.params, name, { required: true });
  v.done();
  return id!;
}

const createAccount: RouteDef = {
  method: 'POST',
  path: '/api/accounts',
  auth: 'customer',
  summary: 'Open a company-owned account holding one or more assets.',
  async handler(ctx) {
    const input = parseCreateAccount(new Validator('body'), ctx.body, ctx.now.toISOString().slice(0, 10))!;
    const row = await insertAccount(ctx.sql, ctx.customer!.id, input, ctx.now);
    return { status: 201, body: accountJson(row) };
  },
};

const listAccounts: RouteDef = {
  method: 'GET',
  path: '/api/accounts',
  auth: 'customer',
  summary: 'List accounts (cursor pages, `filters`).',
  async handler(ctx) {
    const params: unknown[] = [ctx.customer!.id];
    const where = ['a.customer_id = $1'];
    const filter = buildFilterSql(ctx.query.get('filters'), ACCOUNT_FILTER_FIELDS, params.length);
    if (filter) {
      where.push(filter.sql);
      params.push(...filter.params);
    }
    const page = await paginate<AccountRow & Record<string, unknown>, ReturnType<typeof accountJson>>(ctx.sql, {
      from: 'sandbox.accounts a',
      select: ACCOUNT_COLUMNS.split(', ').map((c) => `a.${c}`).join(', '),
      where,
      params,
      createdAtColumn: 'a.created_at',
      idColumn: 'a.id',
      query: ctx.query,
      map: (r) => accountJson(r),
    });
    return { status: 200, body: page };
  },
};

const getAccount: RouteDef = {
  method: 'GET',
  path: '/api/accounts/:accountId',
  auth: 'customer',
  summary: 'One account.',
  async handler(ctx) {
    const row = await loadAccount(ctx.sql, ctx.customer!.id, pathId(ctx, 'accountId'));
    return { status: 200, body: accountJson(row) };
  },
};

const addUbo: RouteDef = {
  method: 'POST',
  path: '/api/accounts/:accountId/ubos',
  auth: 'customer',
  summary: 'Add an ultimate beneficial owner (≥ 25 % ownership, unique tax id per account).',
  async handler(ctx) {
    const accountId = pathId(ctx, 'accountId');
    const input = parseUbo(new Validator('body'), ctx.body);
    const row = await loadAccount(ctx.sql, ctx.customer!.id, accountId, { forUpdate: true });
    if (row.status !== 'ACTION_REQUIRED') {
      throw new ServiceError(422, 'ACCOUNT_NOT_MODIFIABLE', `Account ${accountId} is ${row.status}: its UBOs can no longer change`, {
        accountId,
        status: row.status,
      });
    }
    if (input.ownershipPercentage !== null && input.ownershipPercentage < MIN_UBO_OWNERSHIP) {
      throw new ServiceError(422, 'INSUFFICIENT_OWNERSHIP', `A UBO must own at least ${MIN_UBO_OWNERSHIP}% of the company`, {
        ownershipPercentage: input.ownershipPercentage,
        minimumPercentage: MIN_UBO_OWNERSHIP,
      });
    }
    if (row.ubos.some((u) => u.taxId.value === input.taxId.value)) {
      throw new ServiceError(409, 'DUPLICATE_UBO', 'A UBO with this tax id already exists on the account', { taxId: input.taxId.value });
    }
    // Decimal sum: in floating point 25 + 43.27 + 31.73 is 100.00000000000001 and would be refused.
    const total = [...row.ubos.map((u) => u.ownershipPercentage), input.ownershipPercentage].reduce<Dec>(
      (sum, p) => (p === null || p === undefined ? sum : sum.plus(String(p))),
      new Dec(0),
    );
    if (total.greaterThan(100)) {
      throw new ServiceError(422, 'OWNERSHIP_EXCEEDS_100', 'The UBOs of an account cannot own more than 100% together', {
        // money-guard-ignore: a percentage, reported as the JSON number the UBO field is.
        totalOwnershipPercentage: total.toNumber(),
      });
    }
    const nowIso = ctx.now.toISOString();
    const ubo: Ubo = { id: randomUUID(), ...input, states: [state('PENDING', ctx.now)], createdAt: nowIso, updatedAt: nowIso };
    row.ubos.push(ubo);
    row.requirements = withUbo(row.requirements, ubo.id);
    await saveAccount(ctx.sql, row, ctx.now);
    return { status: 201, body: uboJson(ubo) };
  },
};

const listUbos: RouteDef = {
  method: 'GET',
  path: '/api/accounts/:accountId/ubos',
  auth: 'customer',
  summary: 'List the UBOs of an account (extension; cursor pages).',
  async handler(ctx) {
    const row = await loadAccount(ctx.sql, ctx.customer!.id, pathId(ctx, 'accountId'));
    const page = paginateArray(row.ubos, (u) => ({ createdAt: new Date(u.createdAt), id: u.id }), ctx.query);
    return { status: 200, body: { data: page.data.map(uboJson), meta: page.meta } };
  },
};

const getUbo: RouteDef = {
  method: 'GET',
  path: '/api/accounts/:accountId/ubos/:uboId',
  auth: 'customer',
  summary: 'One UBO (extension).',
  async handler(ctx) {
    const row = await loadAccount(ctx.sql, ctx.customer!.id, pathId(ctx, 'accountId'));
    const uboId = pathId(ctx, 'uboId');
    const ubo = row.ubos.find((u) => u.id === uboId);
    if (!ubo) throw notFound('UBO', uboId);
    return { status: 200, body: uboJson(ubo) };
  },
};

const review: RouteDef = {
  method: 'POST',
  path: '/api/accounts/:accountId/review',
  auth: 'customer',
  summary: 'Submit the account for review (202): ACTION_REQUIRED → REVIEWING.',
  async handler(ctx) {
    await submitReview(ctx.sql, ctx.customer!, pathId(ctx, 'accountId'), ctx.now);
    return { status: 202 };
  },
};

const fundingInstructions: RouteDef = {
  method: 'GET',
  path: '/api/accounts/:accountId/fundingInstructions',
  auth: 'customer',
  summary: 'How to pay into the account, per active asset and rail (cursor pages).',
  async handler(ctx) {
    const row = await loadAccount(ctx.sql, ctx.customer!.id, pathId(ctx, 'accountId'));
    const page = paginateArray(fundingInstructionsFor(row), (i) => ({ createdAt: i.createdAt, id: i.id }), ctx.query);
    return { status: 200, body: { data: page.data.map((i) => i.instruction), meta: page.meta } };
  },
};

export const accountRoutes: RouteDef[] = [
  createAccount,
  listAccounts,
  getAccount,
  addUbo,
  listUbos,
  getUbo,
  review,
  fundingInstructions,
  uploadDocumentRoute,
];
