import { ServiceError } from '../core/errors';
import { paginate, type Page } from '../core/pagination';
import type { Sql } from '../core/types';
import { Validator } from '../core/validate';
import type { QuoteRow } from '../quotes/quote-row';
import { toOperation } from './mapper';
import { INTENT_TYPES, OPERATION_STATUSES, type OperationRow } from './model';

const PREFIXED_COLUMNS = `o.id, o.customer_id, o.intent_type, o.status, o.account_id, o.account_owner, o.target_account_id,
  o.source_asset, o.source_value::text AS source_value, o.target_asset, o.target_value::text AS target_value, o.quote_id,
  o.intent, o.event_intent, o.fees, o.transactions, o.states, o.tags, o.debited, o.credited, o.refunded, o.paid_at,
  o.next_action_at, o.created_at, o.updated_at,
  q.rate AS q_rate, q.spot_rate AS q_spot_rate, q.expires_at AS q_expires_at, q.consumed_at AS q_consumed_at`;

type Joined = Record<string, unknown> & OperationRow & { q_rate: string; q_spot_rate: string; q_expires_at: Date; q_consumed_at: Date | null };

/**
 * GET /api/operations (extension): filters intentType, status, accountId (source or target), createdFrom /
 * createdTo (inclusive), keyset pages over (customer_id, created_at, id). Upstream answers a bad query enum with
 * 422 INVALID_DATA (`query:status`), so this list does too.
 */
export async function listOperations(sql: Sql, customerId: string, query: URLSearchParams): Promise<Page<ReturnType<typeof toOperation>>> {
  const v = new Validator('query');
  const q = Object.fromEntries(
    ['intentType', 'status', 'accountId', 'createdFrom', 'createdTo']
      .filter((k) => query.get(k) !== null && query.get(k) !== '')
      .map((k) => [k, query.get(k)]),
  );
  const intentType = v.enum(q, 'intentType', INTENT_TYPES);
  const status = v.enum(q, 'status', OPERATION_STATUSES);
  const accountId = v.uuid(q, 'accountId');
  const from = v.dateTime(q, 'createdFrom');
  const to = v.dateTime(q, 'createdTo');
  if (v.errors.length) throw new ServiceError(422, 'INVALID_DATA', 'Object contains invalid data', { errors: v.errors });

  const where = ['o.customer_id = $1'];
  const params: unknown[] = [customerId];
  const add = (cond: (p: string) => string, value: unknown) => {
    params.push(value);
    where.push(cond(`$${params.length}`));
  };
  if (intentType) add((p) => `o.intent_type = ${p}`, intentType);
  if (status) add((p) => `o.status = ${p}`, status);
  if (accountId) add((p) => `(o.account_id = ${p}::uuid OR o.target_account_id = ${p}::uuid)`, accountId);
  if (from) add((p) => `o.created_at >= ${p}`, from);
  if (to) add((p) => `o.created_at <= ${p}`, to);

  return paginate<Joined, ReturnType<typeof toOperation>>(sql, {
    from: 'sandbox.operations o JOIN sandbox.quotes q ON q.id = o.quote_id',
    select: PREFIXED_COLUMNS,
    where,
    params,
    createdAtColumn: 'o.created_at',
    idColumn: 'o.id',
    query,
    map: (r) => {
      const quote = {
        id: r.quote_id,
        rate: r.q_rate,
        spot_rate: r.q_spot_rate,
        source_asset: r.source_asset,
        target_asset: r.target_asset,
        expires_at: r.q_expires_at,
        consumed_at: r.q_consumed_at,
      } as QuoteRow;
      return toOperation(r, quote);
    },
  });
}
