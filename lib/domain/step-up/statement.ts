import { createHash } from 'node:crypto';

/**
 * Transaction signing ("dynamic linking"): what an approver approves is written as an ordered list of facts, turned
 * into one canonical text, and the SHA-256 of that text becomes the WebAuthn challenge. The passkey's signature then
 * covers exactly these facts; the server recomputes them from its own records at approval time and refuses when one
 * differs. Facts hold canonical values only (decimal strings at the asset's scale, ids, masked keys, bps integers):
 * the digest must not depend on the language or time zone the approver reads the statement in.
 */

export type StepUpPurpose = 'payout.approve' | 'control-change.approve' | 'beneficiary-key.approve' | 'payout-batch.approve';

export const STEP_UP_PURPOSES: readonly StepUpPurpose[] = ['payout.approve', 'control-change.approve', 'beneficiary-key.approve', 'payout-batch.approve'];

/** What the approver sees and signs: ordered facts, each a stable key and a canonical value. */
export interface StepUpStatement {
  purpose: StepUpPurpose;
  subject: string;
  facts: ReadonlyArray<readonly [string, string]>;
}

/** Version line of the canonical text: a change of format must change every digest. */
export const CANONICAL_HEADER = 'fx-console step-up v1';

const KEY = /^[a-z][A-Za-z0-9_.-]{0,63}$/;
// Printable, single-line values: a newline or control character could forge a second fact line.
const VALUE = /^[^\u0000-\u001f\u007f\u2028\u2029]{0,512}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export class StatementError extends Error {
  constructor(readonly reason: string) {
    super(`Invalid step-up statement: ${reason}`);
    this.name = 'StatementError';
  }
}

function checkStatement(s: StepUpStatement): void {
  if (!STEP_UP_PURPOSES.includes(s.purpose)) throw new StatementError('purpose');
  if (!VALUE.test(s.subject) || s.subject.length === 0) throw new StatementError('subject');
  const seen = new Set<string>();
  for (const [key, value] of s.facts) {
    if (!KEY.test(key) || key === 'purpose' || key === 'subject' || key === 'expiresAt' || key === 'nonce') throw new StatementError(`key ${key}`);
    if (seen.has(key)) throw new StatementError(`duplicate ${key}`);
    seen.add(key);
    if (typeof value !== 'string' || !VALUE.test(value)) throw new StatementError(`value of ${key}`);
  }
}

/**
 * The one text that is signed: a header line, then `key=value` lines in the statement's order, the expiry (an ISO
 * instant in UTC) and the challenge's nonce last. Deterministic: the same statement gives the same bytes anywhere.
 */
export function canonicalStatement(s: StepUpStatement & { expiresAt: string; nonce: string }): string {
  checkStatement(s);
  if (!ISO_INSTANT.test(s.expiresAt)) throw new StatementError('expiresAt');
  if (!/^[A-Za-z0-9_-]{8,128}$/.test(s.nonce)) throw new StatementError('nonce');
  const lines = [
    CANONICAL_HEADER,
    `purpose=${s.purpose}`,
    `subject=${s.subject}`,
    ...s.facts.map(([key, value]) => `${key}=${value}`),
    `expiresAt=${s.expiresAt}`,
    `nonce=${s.nonce}`,
  ];
  return lines.join('\n');
}

/** SHA-256 of the canonical text, base64url without padding: the WebAuthn challenge of the step-up. */
export function statementDigest(canonical: string): string {
  return createHash('sha256').update(canonical, 'utf8').digest('base64url');
}

/** Reads a canonical text back (the audit page shows the signed facts; Verify recomputes its digest). */
export function parseCanonicalStatement(canonical: string): (StepUpStatement & { expiresAt: string; nonce: string }) | null {
  const lines = canonical.split('\n');
  if (lines[0] !== CANONICAL_HEADER || lines.length < 5) return null;
  const pairs = lines.slice(1).map((line) => {
    const at = line.indexOf('=');
    return at < 1 ? null : ([line.slice(0, at), line.slice(at + 1)] as const);
  });
  if (pairs.some((p) => p === null)) return null;
  const all = pairs as (readonly [string, string])[];
  const [purpose, subject] = all;
  const [expiresAt, nonce] = all.slice(-2);
  if (purpose[0] !== 'purpose' || subject[0] !== 'subject' || expiresAt[0] !== 'expiresAt' || nonce[0] !== 'nonce') return null;
  const parsed = {
    purpose: purpose[1] as StepUpPurpose,
    subject: subject[1],
    facts: all.slice(2, -2),
    expiresAt: expiresAt[1],
    nonce: nonce[1],
  };
  try {
    return canonicalStatement(parsed) === canonical ? parsed : null;
  } catch {
    return null;
  }
}

/** The fact keys whose values differ between what was signed and what holds now (missing keys count as differing). */
export function differingFacts(signed: StepUpStatement, now: StepUpStatement): string[] {
  const a = new Map(signed.facts);
  const b = new Map(now.facts);
  const keys = [...new Set([...a.keys(), ...b.keys()])];
  const differ = keys.filter((k) => a.get(k) !== b.get(k));
  const orderA = signed.facts.map(([k]) => k).join('\n');
  const orderB = now.facts.map(([k]) => k).join('\n');
  return differ.length === 0 && orderA !== orderB ? ['(order)'] : differ;
}

/** True when the two statements would sign the same bytes (same purpose, subject, facts in the same order). */
export function sameStatement(a: StepUpStatement, b: StepUpStatement): boolean {
  return a.purpose === b.purpose && a.subject === b.subject && differingFacts(a, b).length === 0;
}

/** A key or account number masked for display and signing: the last four characters stay readable. */
export function maskKey(value: string): string {
  const v = value.trim();
  if (v.length <= 4) return '•'.repeat(v.length);
  const shown = v.length <= 8 ? 2 : 4;
  return `${'•'.repeat(Math.min(v.length - shown, 8))}${v.slice(-shown)}`;
}
