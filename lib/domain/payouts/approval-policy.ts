import { decimalsOf, isAsset, type Asset } from '@/lib/money/assets';
import { Dec } from '@/lib/money/decimal';

/**
 * The team's payout approval policy, in one reference currency (REFERENCE_CURRENCY, BRL by default).
 *
 * A payout is valued in the reference currency at the mid rate of a fresh quote, whatever asset pays it (see
 * `valueInReference`), so "R$ 5.000 paid from the USD balance" lands in the same tier as R$ 5.000 paid from BRL.
 * The value picks a tier: the first whose upper bound (inclusive) is at or above it; the last tier has no bound.
 * A tier is a list of ordered steps; each step needs N approvals by people holding any of the step's roles. The
 * requester never counts, and one person counts once across all the steps of a payout.
 *
 * On top of the tier, a per-user daily cap: a payout that takes its requester's requested total for the UTC day
 * above the cap gets one more step, one admin approval.
 */

/** Roles that may approve payouts (lib/auth/permissions: `payouts:approve`). */
export const APPROVER_ROLES = ['finance', 'admin'] as const;
export type ApproverRole = (typeof APPROVER_ROLES)[number];
export function isApproverRole(value: unknown): value is ApproverRole {
  return typeof value === 'string' && (APPROVER_ROLES as readonly string[]).includes(value);
}

export interface PolicyStep {
  /** Distinct people, 1-5. */
  approvals: number;
  /** Any of these roles may give the step's approvals; at least one. */
  roles: ApproverRole[];
}
export interface PolicyTier {
  /** Inclusive upper bound in the reference currency's scale; null on (and only on) the last tier. */
  upTo: string | null;
  steps: PolicyStep[];
}
export interface TieredPolicy {
  referenceCurrency: Asset;
  tiers: PolicyTier[];
  /** Per-user requested total per UTC day in the reference currency; null: no cap. */
  dailyCap: string | null;
}

export const MAX_TIERS = 8;
export const MAX_STEPS = 4;
export const MAX_STEP_APPROVALS = 5;
const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/**
 * The policy a team starts with: up to 10 000 one approval; up to 100 000 two; above, two and then one by an admin.
 * Approval steps accept finance or admin (admins may do everything finance may); only the last step is admin-only.
 */
export function defaultPolicy(referenceCurrency: Asset = 'BRL'): TieredPolicy {
  const scale = decimalsOf(referenceCurrency);
  return {
    referenceCurrency,
    tiers: [
      { upTo: new Dec(10_000).toFixed(scale), steps: [{ approvals: 1, roles: ['finance', 'admin'] }] },
      { upTo: new Dec(100_000).toFixed(scale), steps: [{ approvals: 2, roles: ['finance', 'admin'] }] },
      {
        upTo: null,
        steps: [
          { approvals: 2, roles: ['finance', 'admin'] },
          { approvals: 1, roles: ['admin'] },
        ],
      },
    ],
    dailyCap: null,
  };
}

// ─── Valuation ──────────────────────────────────────────────────────────────────────────────────────────────

export interface QuoteRate {
  value: string;
  base: string;
  quote: string;
}
/** What a quote says about its price; `midRate` is optional (an extension a real service may not send). */
export interface QuoteForValuation {
  id: string;
  sourceAmount: { value: string; asset: string };
  effectiveRate: QuoteRate;
  midRate?: QuoteRate | null;
  fees?: Array<{ type: string; source: string; percentage?: string | null }> | null;
}
export type MidRateSource = 'MID_RATE' | 'SPREAD_FEE' | 'EFFECTIVE_RATE' | 'SAME_ASSET';
export interface Valuation {
  referenceCurrency: Asset;
  /** The payout's debit in the reference currency at the mid rate, rounded UP to the reference scale. */
  referenceAmount: string;
  /** Reference units per source unit. */
  midRate: string;
  midRateSource: MidRateSource;
  /** The quote whose mid rate it used; null when the source asset is the reference. */
  quoteId: string | null;
  sourceAmount: { value: string; asset: string };
}

/** `rate` expressed as "1 `from` = x `to`", or null when it is not a rate between these two assets. */
function oriented(rate: QuoteRate, from: string, to: string): InstanceType<typeof Dec> | null {
  const v = new Dec(rate.value);
  if (!v.gt(0)) return null;
  if (rate.base === from && rate.quote === to) return v;
  if (rate.base === to && rate.quote === from) return new Dec(1).div(v);
  return null;
}

/**
 * The mid rate of a quote from `source` to `reference`: the quote's `midRate` when the service sends it; otherwise
 * the effective rate with the contract's FX_SPREAD percentage fee added back (effective = mid × (1 − p/100));
 * otherwise the effective rate itself (it is below the mid, so the value errs low by at most the spread).
 */
export function midRateOf(q: QuoteForValuation, source: string, reference: string): { rate: InstanceType<typeof Dec>; source: MidRateSource } | null {
  const mid = q.midRate ? oriented(q.midRate, source, reference) : null;
  if (mid) return { rate: mid, source: 'MID_RATE' };
  const effective = oriented(q.effectiveRate, source, reference);
  if (!effective) return null;
  const spread = q.fees?.find((f) => f.type === 'PERCENTAGE' && f.source === 'FX_SPREAD' && f.percentage && PLAIN_DECIMAL.test(f.percentage));
  if (spread) {
    const keep = new Dec(1).minus(new Dec(spread.percentage!).div(100));
    if (keep.gt(0)) return { rate: effective.div(keep), source: 'SPREAD_FEE' };
  }
  return { rate: effective, source: 'EFFECTIVE_RATE' };
}

/**
 * Values a debit of `sourceAmount` in `reference`. `quote` must price the source asset against the reference
 * (either way round); when the source IS the reference no quote is needed. Null when the quote cannot value it.
 */
export function valueInReference(
  sourceAmount: { value: string; asset: string },
  reference: Asset,
  quote: QuoteForValuation | null,
): Valuation | null {
  const scale = decimalsOf(reference);
  if (!PLAIN_DECIMAL.test(sourceAmount.value)) return null;
  if (sourceAmount.asset === reference) {
    return {
      referenceCurrency: reference,
      referenceAmount: new Dec(sourceAmount.value).toDecimalPlaces(scale, Dec.ROUND_UP).toFixed(scale),
      midRate: '1',
      midRateSource: 'SAME_ASSET',
      quoteId: null,
      sourceAmount,
    };
  }
  if (!quote) return null;
  const mid = midRateOf(quote, sourceAmount.asset, reference);
  if (!mid) return null;
  return {
    referenceCurrency: reference,
    referenceAmount: new Dec(sourceAmount.value).times(mid.rate).toDecimalPlaces(scale, Dec.ROUND_UP).toFixed(scale),
    midRate: mid.rate.toSignificantDigits(12).toString(),
    midRateSource: mid.source,
    quoteId: quote.id,
    sourceAmount,
  };
}

// ─── Tier resolution and the approval plan ─────────────────────────────────────────────────────────────────

/** Index of the tier a reference value falls in: the first whose bound is at or above it. */
export function resolveTier(policy: Pick<TieredPolicy, 'tiers'>, referenceAmount: string): number {
  const value = new Dec(referenceAmount);
  const i = policy.tiers.findIndex((t) => t.upTo === null || value.lte(new Dec(t.upTo)));
  return i === -1 ? policy.tiers.length - 1 : i;
}

export type PlanStepReason = 'TIER' | 'DAILY_CAP';
export interface PlanStep extends PolicyStep {
  reason: PlanStepReason;
}
/** What one payout needs, fixed when it is requested (a later policy change does not move a waiting request). */
export interface ApprovalPlan {
  referenceCurrency: string;
  tierIndex: number;
  /** The tier's bounds, for "why this tier": above `from` (exclusive; null for the first) up to `upTo`. */
  from: string | null;
  upTo: string | null;
  steps: PlanStep[];
  dailyCap: { cap: string; requestedBefore: string } | null;
  valuation: Valuation | null;
}

/** The requester's total for the day goes above the cap with this payout. */
export function exceedsDailyCap(cap: string | null, requestedBefore: string, referenceAmount: string): boolean {
  if (cap === null) return false;
  return new Dec(requestedBefore).plus(referenceAmount).gt(new Dec(cap));
}

/** The admin step a payout over its requester's daily cap adds after the tier's steps. */
export const DAILY_CAP_STEP: PlanStep = { approvals: 1, roles: ['admin'], reason: 'DAILY_CAP' };

export function planFor(policy: TieredPolicy, valuation: Valuation, requestedBefore: string): ApprovalPlan {
  const tierIndex = resolveTier(policy, valuation.referenceAmount);
  const tier = policy.tiers[tierIndex]!;
  const over = exceedsDailyCap(policy.dailyCap, requestedBefore, valuation.referenceAmount);
  return {
    referenceCurrency: policy.referenceCurrency,
    tierIndex,
    from: tierIndex > 0 ? policy.tiers[tierIndex - 1]!.upTo : null,
    upTo: tier.upTo,
    steps: [...tier.steps.map((s) => ({ ...s, roles: [...s.roles], reason: 'TIER' as const })), ...(over ? [DAILY_CAP_STEP] : [])],
    dailyCap: over ? { cap: policy.dailyCap!, requestedBefore } : null,
    valuation,
  };
}

/** A request made before tiers existed: its count of approvals by any approver, as one step. */
export function legacyPlan(requiredApprovals: number): ApprovalPlan {
  return {
    referenceCurrency: '',
    tierIndex: 0,
    from: null,
    upTo: null,
    steps: [{ approvals: Math.max(1, requiredApprovals), roles: [...APPROVER_ROLES], reason: 'TIER' }],
    dailyCap: null,
    valuation: null,
  };
}

export function totalApprovals(steps: readonly PolicyStep[]): number {
  return steps.reduce((n, s) => n + s.approvals, 0);
}

// ─── Step progression ──────────────────────────────────────────────────────────────────────────────────────

export interface RecordedApproval {
  approverId: string;
  /** The step this approval was counted for. */
  step: number;
}
export interface StepProgress extends PlanStep {
  approverIds: string[];
  done: boolean;
}
export interface PlanProgress {
  steps: StepProgress[];
  /** The first step still short of approvals; null when every step is done. */
  current: number | null;
}

/** Which approvals count for which step. The requester's and a repeated person's never count. */
export function progressOf(plan: Pick<ApprovalPlan, 'steps'>, approvals: readonly RecordedApproval[], requesterId: string): PlanProgress {
  const seen = new Set<string>([requesterId]);
  const steps: StepProgress[] = plan.steps.map((s) => ({ ...s, approverIds: [], done: false }));
  for (const a of approvals) {
    const step = steps[a.step];
    if (!step || seen.has(a.approverId) || step.approverIds.length >= step.approvals) continue;
    seen.add(a.approverId);
    step.approverIds.push(a.approverId);
  }
  for (const s of steps) s.done = s.approverIds.length >= s.approvals;
  const current = steps.findIndex((s) => !s.done);
  return { steps, current: current === -1 ? null : current };
}

export type StepRefusal = 'SELF_APPROVAL' | 'ALREADY_APPROVED' | 'ROLE_NOT_IN_STEP' | 'ALREADY_COMPLETE';
export type StepDecision =
  | { kind: 'refused'; code: StepRefusal; step: number | null; roles?: ApproverRole[] }
  | { kind: 'partial'; step: number; counted: number; required: number }
  | { kind: 'final'; step: number; counted: number; required: number };

/**
 * What one more approval by `approver` does: it counts for the current step if the approver holds one of its
 * roles; it is final when it completes the last step. `counted`/`required` are over the whole plan.
 */
export function decideStepApproval(input: {
  plan: Pick<ApprovalPlan, 'steps'>;
  requesterId: string;
  approver: { id: string; role: string };
  approvals: readonly RecordedApproval[];
}): StepDecision {
  const { plan, requesterId, approver } = input;
  const before = progressOf(plan, input.approvals, requesterId);
  if (approver.id === requesterId) return { kind: 'refused', code: 'SELF_APPROVAL', step: before.current };
  if (input.approvals.some((a) => a.approverId === approver.id)) return { kind: 'refused', code: 'ALREADY_APPROVED', step: before.current };
  if (before.current === null) return { kind: 'refused', code: 'ALREADY_COMPLETE', step: null };
  const step = before.steps[before.current]!;
  if (!isApproverRole(approver.role) || !step.roles.includes(approver.role)) {
    return { kind: 'refused', code: 'ROLE_NOT_IN_STEP', step: before.current, roles: step.roles };
  }
  const after = progressOf(plan, [...input.approvals, { approverId: approver.id, step: before.current }], requesterId);
  const counted = after.steps.reduce((n, s) => n + s.approverIds.length, 0);
  const required = totalApprovals(plan.steps);
  return after.current === null
    ? { kind: 'final', step: before.current, counted, required }
    : { kind: 'partial', step: before.current, counted, required };
}

// ─── Validation ────────────────────────────────────────────────────────────────────────────────────────────

export type TieredPolicyErrorCode =
  | 'REFERENCE_UNKNOWN'
  | 'NO_TIERS'
  | 'TOO_MANY_TIERS'
  | 'BOUND_REQUIRED'
  | 'BOUND_INVALID'
  | 'BOUND_PRECISION'
  | 'BOUND_NOT_ASCENDING'
  | 'LAST_TIER_BOUNDED'
  | 'NO_STEPS'
  | 'TOO_MANY_STEPS'
  | 'APPROVALS_INVALID'
  | 'ROLES_REQUIRED'
  | 'ROLE_UNKNOWN'
  | 'CAP_INVALID'
  | 'CAP_PRECISION';
export interface TieredPolicyError {
  path: string;
  code: TieredPolicyErrorCode;
}
export interface TieredPolicyInput {
  referenceCurrency: string;
  tiers: Array<{ upTo: string | null; steps: Array<{ approvals: number; roles: string[] }> }>;
  dailyCap: string | null;
}
export type TieredPolicyValidation = { ok: true; policy: TieredPolicy } | { ok: false; errors: TieredPolicyError[] };

function amountError(raw: string, scale: number): 'INVALID' | 'PRECISION' | null {
  if (!PLAIN_DECIMAL.test(raw) || !new Dec(raw).gt(0)) return 'INVALID';
  return new Dec(raw).decimalPlaces() > scale ? 'PRECISION' : null;
}

/** Checks an edited policy; returns it normalised (bounds and cap in the reference scale, roles in a fixed order). */
export function validateTieredPolicy(input: TieredPolicyInput): TieredPolicyValidation {
  if (!isAsset(input.referenceCurrency)) return { ok: false, errors: [{ path: 'referenceCurrency', code: 'REFERENCE_UNKNOWN' }] };
  const reference = input.referenceCurrency;
  const scale = decimalsOf(reference);
  const errors: TieredPolicyError[] = [];
  if (input.tiers.length === 0) errors.push({ path: 'tiers', code: 'NO_TIERS' });
  if (input.tiers.length > MAX_TIERS) errors.push({ path: 'tiers', code: 'TOO_MANY_TIERS' });
  const tiers: PolicyTier[] = [];
  let previous: InstanceType<typeof Dec> | null = null;
  input.tiers.forEach((tier, i) => {
    const last = i === input.tiers.length - 1;
    const raw = tier.upTo === null ? '' : String(tier.upTo).trim();
    let upTo: string | null = null;
    if (last) {
      if (raw) errors.push({ path: `tiers.${i}.upTo`, code: 'LAST_TIER_BOUNDED' });
    } else if (!raw) {
      errors.push({ path: `tiers.${i}.upTo`, code: 'BOUND_REQUIRED' });
    } else {
      const bad = amountError(raw, scale);
      if (bad) errors.push({ path: `tiers.${i}.upTo`, code: bad === 'INVALID' ? 'BOUND_INVALID' : 'BOUND_PRECISION' });
      else {
        const value = new Dec(raw);
        if (previous && !value.gt(previous)) errors.push({ path: `tiers.${i}.upTo`, code: 'BOUND_NOT_ASCENDING' });
        previous = value;
        upTo = value.toFixed(scale);
      }
    }
    if (tier.steps.length === 0) errors.push({ path: `tiers.${i}.steps`, code: 'NO_STEPS' });
    if (tier.steps.length > MAX_STEPS) errors.push({ path: `tiers.${i}.steps`, code: 'TOO_MANY_STEPS' });
    const steps: PolicyStep[] = [];
    tier.steps.forEach((step, j) => {
      const at = `tiers.${i}.steps.${j}`;
      if (!Number.isInteger(step.approvals) || step.approvals < 1 || step.approvals > MAX_STEP_APPROVALS) {
        errors.push({ path: `${at}.approvals`, code: 'APPROVALS_INVALID' });
      }
      if (step.roles.length === 0) errors.push({ path: `${at}.roles`, code: 'ROLES_REQUIRED' });
      else if (!step.roles.every(isApproverRole)) errors.push({ path: `${at}.roles`, code: 'ROLE_UNKNOWN' });
      steps.push({ approvals: step.approvals, roles: APPROVER_ROLES.filter((r) => step.roles.includes(r)) });
    });
    tiers.push({ upTo, steps });
  });
  let dailyCap: string | null = null;
  const rawCap = input.dailyCap === null ? '' : String(input.dailyCap).trim();
  if (rawCap) {
    const bad = amountError(rawCap, scale);
    if (bad) errors.push({ path: 'dailyCap', code: bad === 'INVALID' ? 'CAP_INVALID' : 'CAP_PRECISION' });
    else dailyCap = new Dec(rawCap).toFixed(scale);
  }
  if (errors.length) return { ok: false, errors };
  return { ok: true, policy: { referenceCurrency: reference, tiers, dailyCap } };
}

// ─── Comparing two policies (a weakening change needs a second admin) ──────────────────────────────────────

export type WeakeningCode =
  | 'REFERENCE_CHANGED'
  | 'TIER_REMOVED'
  | 'BOUND_MOVED'
  | 'STEP_REMOVED'
  | 'FEWER_APPROVALS'
  | 'ROLES_WIDENED';
export interface WeakeningReason {
  code: WeakeningCode;
  /** A reference value at which the new policy asks less (the lowest such value found for this code). */
  at?: string;
  /** The tier of the NEW policy that asks less there. */
  tier?: number;
}

/** The ways `after` asks less than `before` for one payout: fewer steps, fewer approvals, more roles allowed. */
function stepsWeaken(before: readonly PolicyStep[], after: readonly PolicyStep[]): WeakeningCode[] {
  const codes = new Set<WeakeningCode>();
  if (after.length < before.length) codes.add('STEP_REMOVED');
  if (totalApprovals(after) < totalApprovals(before)) codes.add('FEWER_APPROVALS');
  // Step by step, a role now allowed where it was not. (Fewer approvals in one step with the same total, e.g. "two by
  // finance or admin" → "one by finance, then one by admin", asks no less: only the total counts for that.)
  before.forEach((b, i) => {
    const a = after[i];
    if (a && a.roles.some((r) => !b.roles.includes(r))) codes.add('ROLES_WIDENED');
  });
  // A step that only admins gave, now gone or open to finance, is a widening even when the counts stay.
  const adminOnly = (steps: readonly PolicyStep[]) => steps.filter((s) => s.roles.length === 1 && s.roles[0] === 'admin').reduce((n, s) => n + s.approvals, 0);
  if (adminOnly(after) < adminOnly(before)) codes.add('ROLES_WIDENED');
  return [...codes];
}

/**
 * Every way `after` lets some payout through with less than `before` asked. Both are compared at every value
 * where either policy changes tier (each bound and the smallest amount above it), so a bound raised (more value
 * reaching a cheaper tier), a tier or step removed, an approval count lowered or a step opened to more roles are
 * all found. An empty list: `after` is at least as strict everywhere. The daily cap is `dailyCapRaised`'s.
 */
export function policyWeakens(before: TieredPolicy, after: TieredPolicy): WeakeningReason[] {
  if (before.referenceCurrency !== after.referenceCurrency) return [{ code: 'REFERENCE_CHANGED' }];
  const reasons = new Map<WeakeningCode, WeakeningReason>();
  const add = (reason: WeakeningReason) => {
    if (!reasons.has(reason.code)) reasons.set(reason.code, reason);
  };
  if (after.tiers.length < before.tiers.length) add({ code: 'TIER_REMOVED' });
  const unit = new Dec(1).div(new Dec(10).pow(decimalsOf(before.referenceCurrency)));
  const points = new Map<string, InstanceType<typeof Dec>>();
  const put = (v: InstanceType<typeof Dec>) => points.set(v.toFixed(), v);
  put(new Dec(0));
  for (const t of [...before.tiers, ...after.tiers]) {
    if (t.upTo === null) continue;
    put(new Dec(t.upTo));
    put(new Dec(t.upTo).plus(unit));
  }
  const sorted = [...points.values()].sort((a, b) => a.comparedTo(b));
  for (const v of sorted) {
    const value = v.toFixed();
    const bi = resolveTier(before, value);
    const ai = resolveTier(after, value);
    const codes = stepsWeaken(before.tiers[bi]!.steps, after.tiers[ai]!.steps);
    if (codes.length === 0) continue;
    // Tiers that still line up one to one, and this value now falls in an earlier (cheaper) one: a bound went up.
    if (ai < bi && after.tiers.length === before.tiers.length) add({ code: 'BOUND_MOVED', at: value, tier: ai });
    for (const code of codes) add({ code, at: value, tier: ai });
  }
  return [...reasons.values()];
}

/** True when the per-user daily cap goes up or away (null = no cap). */
export function dailyCapRaised(before: Pick<TieredPolicy, 'dailyCap'>, after: Pick<TieredPolicy, 'dailyCap'>): boolean {
  if (before.dailyCap === null) return false;
  if (after.dailyCap === null) return true;
  return new Dec(after.dailyCap).gt(new Dec(before.dailyCap));
}

// ─── Policies made before tiers ────────────────────────────────────────────────────────────────────────────

export interface LegacyPolicyRow {
  asset: string;
  rules: Array<{ minAmount: string; approvals: number }>;
}

/**
 * The tiered policy a team gets from its per-asset thresholds ("≥ M needs N approvals"), which were kept as they
 * were. Thresholds in the reference currency carry over exactly: "≥ M needs 2" becomes a tier up to M − one cent
 * with one approval and a tier above with two, each by any approver (finance or admin, as before). Thresholds in
 * other assets have no rate to convert at, so they cannot be carried over; without reference thresholds the team
 * gets `defaultPolicy`, which is stricter above R$ 10 000 than any old single-asset rule.
 */
export function policyFromLegacy(rows: readonly LegacyPolicyRow[], reference: Asset): TieredPolicy {
  const row = rows.find((r) => r.asset === reference);
  const rules = (row?.rules ?? []).filter((r) => PLAIN_DECIMAL.test(r.minAmount)).sort((a, b) => new Dec(a.minAmount).comparedTo(new Dec(b.minAmount)));
  if (rules.length === 0) return defaultPolicy(reference);
  const scale = decimalsOf(reference);
  const unit = new Dec(1).div(new Dec(10).pow(scale));
  const anyone = (n: number): PolicyStep[] => [{ approvals: Math.max(1, n), roles: [...APPROVER_ROLES] }];
  const tiers: PolicyTier[] = [];
  let approvals = 1;
  for (const rule of rules) {
    const upTo = new Dec(rule.minAmount).minus(unit);
    if (upTo.gte(0) && (tiers.length === 0 || upTo.gt(new Dec(tiers[tiers.length - 1]!.upTo!)))) tiers.push({ upTo: upTo.toFixed(scale), steps: anyone(approvals) });
    approvals = rule.approvals;
  }
  tiers.push({ upTo: null, steps: anyone(approvals) });
  // A threshold at 0 leaves no bounded tier below it: merge adjacent tiers that ask the same.
  const merged = tiers.filter((t, i) => i === tiers.length - 1 || totalApprovals(t.steps) !== totalApprovals(tiers[i + 1]!.steps));
  return { referenceCurrency: reference, tiers: merged, dailyCap: null };
}
