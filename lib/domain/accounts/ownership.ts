import { Dec } from '@/lib/money/decimal';

/**
 * Beneficial-owner ownership arithmetic, in decimals: 33.33 + 33.33 + 33.34 is exactly 100, never
 * 100.00000000000001. A UBO owns at least 25 % (below that a person is not a beneficial owner) and all owners
 * of an account together at most 100 % (lib/sandbox/README.md "UBOs").
 */

export const MIN_OWNERSHIP = '25';
export const MAX_TOTAL_OWNERSHIP = '100';
/** Percent with up to two decimals, `.` or `,` as the separator (people type both in pt-BR and en). */
const PERCENT = /^(\d{1,3})(?:[.,](\d{1,2}))?$/;

export type OwnershipProblem = 'REQUIRED' | 'INVALID' | 'BELOW_MINIMUM' | 'TOTAL_EXCEEDS_100';

/** `"33,5"` → `"33.5"`; null when it is not a percentage with at most two decimals. */
export function parsePercentage(input: string): string | null {
  const m = PERCENT.exec(input.trim());
  if (!m) return null;
  return new Dec(m[2] ? `${m[1]}.${m[2]}` : m[1]).toString();
}

/** What the service reports (a JSON number, or nothing) as an exact decimal. */
function fromService(value: number | string | null | undefined): Dec {
  if (value === null || value === undefined || value === '') return new Dec(0);
  // String(33.33) is "33.33": the shortest decimal that round-trips, so no binary noise enters the sum.
  const d = new Dec(String(value));
  return d.isFinite() ? d : new Dec(0);
}

/** The total already held by the account's owners. */
export function ownershipTotal(existing: readonly (number | string | null | undefined)[]): string {
  return existing.reduce<Dec>((sum, v) => sum.plus(fromService(v)), new Dec(0)).toString();
}

export interface OwnershipSummary {
  /** Existing owners' total. */
  existing: string;
  /** Existing + the value being typed (when it parses). */
  withNew: string;
  /** What is still free to assign (never negative). */
  remaining: string;
  overLimit: boolean;
}

/** The running total shown beside the field while the user types. */
export function ownershipSummary(existing: readonly (number | string | null | undefined)[], typed: string): OwnershipSummary {
  const base = new Dec(ownershipTotal(existing));
  const parsed = parsePercentage(typed);
  const withNew = parsed ? base.plus(parsed) : base;
  const remaining = Dec.max(new Dec(MAX_TOTAL_OWNERSHIP).minus(base), 0);
  return {
    existing: base.toString(),
    withNew: withNew.toString(),
    remaining: remaining.toString(),
    overLimit: withNew.greaterThan(MAX_TOTAL_OWNERSHIP),
  };
}

export type OwnershipCheck = { ok: true; value: string } | { ok: false; problem: OwnershipProblem; remaining: string };

/** The form's and the server action's check of a new owner's percentage against the existing owners. */
export function checkOwnership(typed: string, existing: readonly (number | string | null | undefined)[]): OwnershipCheck {
  const summary = ownershipSummary(existing, typed);
  if (typed.trim() === '') return { ok: false, problem: 'REQUIRED', remaining: summary.remaining };
  const value = parsePercentage(typed);
  if (value === null || new Dec(value).greaterThan(100)) return { ok: false, problem: 'INVALID', remaining: summary.remaining };
  if (new Dec(value).lessThan(MIN_OWNERSHIP)) return { ok: false, problem: 'BELOW_MINIMUM', remaining: summary.remaining };
  if (summary.overLimit) return { ok: false, problem: 'TOTAL_EXCEEDS_100', remaining: summary.remaining };
  return { ok: true, value };
}

/** The service takes a JSON number; a two-decimal percent converts exactly enough (it is not money). */
export function percentageForService(value: string): number {
  // money-guard-ignore: an ownership percentage (the contract's `ownershipPercentage` is a JSON number), not money.
  return Number(value);
}

/**
 * An owner's share as a percentage in the reader's locale, sign included (`60.5%` in en, `60,5%` in pt-BR: where
 * the sign goes and whether a space precedes it is the locale's, from Intl). The service's number is read as its
 * shortest decimal and divided by 100 in decimal arithmetic; Intl formats that numeric string exactly.
 */
export function formatOwnershipPercent(value: number | string, locale: string): string {
  const exact = fromService(value);
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    exact.dividedBy(100).toFixed() as `${number}`,
  );
}
