import 'server-only';
import { and, eq, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';
import { getDb, type ConsoleDb } from '@/lib/db/client';
import { approvalPolicies, payoutApprovalPolicy, payoutBatchRows, payoutBatches, payoutRequests } from '@/lib/db/schema';
import { BATCH_STATUSES_NOT_COUNTED, ROW_STATUSES_NOT_COUNTED, batchCountedToward } from '@/lib/domain/payout-batches/daily-cap';
import { policyFromLegacy, type TieredPolicy } from '@/lib/domain/payouts/approval-policy';
import { isAsset, type Asset } from '@/lib/money/assets';
import { Dec } from '@/lib/money/decimal';

/** `REFERENCE_CURRENCY` (validated at start-up by lib/env.ts; read here so tests can set it). */
export function referenceCurrency(): Asset {
  const raw = process.env.REFERENCE_CURRENCY?.trim().toUpperCase();
  return raw && isAsset(raw) ? raw : 'BRL';
}

export interface StoredPolicy {
  policy: TieredPolicy;
  updatedByEmail: string | null;
  updatedAt: Date | null;
  /** False while the team runs on the policy derived from its old per-asset thresholds (or the default). */
  saved: boolean;
}

/**
 * The team's policy. Until an admin saves one, it is derived from the per-asset thresholds of before tiers (kept
 * in `approval_policies`): see `policyFromLegacy`.
 */
export async function getTieredPolicy(db?: ConsoleDb): Promise<StoredPolicy> {
  const database = db ?? (await getDb());
  const [row] = await database.select().from(payoutApprovalPolicy).where(eq(payoutApprovalPolicy.id, 'team')).limit(1);
  if (row) return { policy: row.policy, updatedByEmail: row.updatedByEmail, updatedAt: row.updatedAt, saved: true };
  const legacy = await database.select().from(approvalPolicies);
  return { policy: policyFromLegacy(legacy, referenceCurrency()), updatedByEmail: null, updatedAt: null, saved: false };
}

export async function saveTieredPolicy(policy: TieredPolicy, by: { id: string; email: string }, at: Date, db?: ConsoleDb): Promise<void> {
  const database = db ?? (await getDb());
  await database
    .insert(payoutApprovalPolicy)
    .values({ id: 'team', policy, updatedById: by.id, updatedByEmail: by.email, updatedAt: at })
    .onConflictDoUpdate({ target: payoutApprovalPolicy.id, set: { policy, updatedById: by.id, updatedByEmail: by.email, updatedAt: at } });
}

/** Start and end of the UTC day of `at`: the daily cap counts per UTC day (the team has no time zone of its own). */
export function utcDay(at: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  return { start, end: new Date(start.getTime() + 86_400_000) };
}

/** Statuses whose payouts no longer count toward the requester's day: nothing was (or will be) paid. */
const NOT_COUNTED = ['REJECTED', 'CANCELLED', 'EXPIRED', 'FAILED'];

/**
 * What `requesterId` has requested so far on `at`'s UTC day, valued in `reference` as each request was valued:
 * single payouts and payout batches alike (a batch's rows are payouts requested at once). Call inside the
 * transaction that inserts the new request, after `lockRequester`, so two requests at once see each other.
 */
export async function requestedOnDay(requesterId: string, reference: string, at: Date, db: ConsoleDb): Promise<string> {
  const { start, end } = utcDay(at);
  const rows = await db
    .select({ plan: payoutRequests.approvalPlan })
    .from(payoutRequests)
    .where(
      and(
        eq(payoutRequests.requesterId, requesterId),
        gte(payoutRequests.createdAt, start),
        lt(payoutRequests.createdAt, end),
        notInArray(payoutRequests.status, NOT_COUNTED),
      ),
    );
  let total = new Dec(0);
  for (const { plan } of rows) {
    const v = plan?.valuation;
    if (v && v.referenceCurrency === reference) total = total.plus(v.referenceAmount);
  }
  return total.plus(await batchesOnDay(requesterId, reference, start, end, db)).toFixed();
}

/** The requester's batches of the day, each counting the rows that were or will be paid (see batchCountedToward). */
async function batchesOnDay(requesterId: string, reference: string, start: Date, end: Date, db: ConsoleDb): Promise<Dec> {
  const batches = await db
    .select({
      id: payoutBatches.id,
      status: payoutBatches.status,
      referenceCurrency: payoutBatches.referenceCurrency,
      referenceTotal: payoutBatches.referenceTotal,
      referenceValues: payoutBatches.referenceValues,
      totals: payoutBatches.totals,
    })
    .from(payoutBatches)
    .where(
      and(
        eq(payoutBatches.requesterId, requesterId),
        gte(payoutBatches.createdAt, start),
        lt(payoutBatches.createdAt, end),
        notInArray(payoutBatches.status, [...BATCH_STATUSES_NOT_COUNTED]),
        eq(payoutBatches.referenceCurrency, reference),
      ),
    );
  let total = new Dec(0);
  if (batches.length === 0) return total;
  const dropped = await db
    .select({ batchId: payoutBatchRows.batchId, asset: payoutBatchRows.asset, sum: sql<string>`sum(${payoutBatchRows.amount}::numeric)::text` })
    .from(payoutBatchRows)
    .where(
      and(
        inArray(
          payoutBatchRows.batchId,
          batches.map((b) => b.id),
        ),
        inArray(payoutBatchRows.status, [...ROW_STATUSES_NOT_COUNTED]),
      ),
    )
    .groupBy(payoutBatchRows.batchId, payoutBatchRows.asset);
  const droppedOf = new Map<string, Record<string, string>>();
  for (const d of dropped) droppedOf.set(d.batchId, { ...droppedOf.get(d.batchId), [d.asset]: d.sum });
  for (const b of batches) total = total.plus(batchCountedToward(b, reference, droppedOf.get(b.id) ?? {}));
  return total;
}

/** Serialises one requester's payout requests (transaction-scoped advisory lock; PGlite and PostgreSQL alike). */
export async function lockRequester(requesterId: string, db: ConsoleDb): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`payout-requester:${requesterId}`}))`);
}
