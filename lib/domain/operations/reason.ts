/**
 * An operation state's reason, worded for the reader. The service sends `{code, message, details}` on FAILED,
 * ON_HOLD and ACTION_REQUIRED states (lib/sandbox/operations: settlement.ts, helper-routes.ts); the `message` is
 * the service's English. Codes listed here have a sentence in both languages in the `operations` catalogue
 * (`operations.reasons.<CODE>`); any other code keeps the service's own text, shown as the service's.
 */
export const WORDED_OPERATION_REASONS = [
  'INSUFFICIENT_BALANCE',
  'OPERATION_FAILED',
  'COMPLIANCE_REVIEW',
  'ADDITIONAL_INFORMATION_REQUIRED',
] as const;
export type WordedOperationReason = (typeof WORDED_OPERATION_REASONS)[number];

export type ReasonWording =
  /** Ours: `operations.reasons.<code>`, with the service's own text (null when it sent none). */
  | { kind: 'catalogue'; code: WordedOperationReason; message: string | null }
  /** An unknown code (or none) with the service's text: quote it as the service's. */
  | { kind: 'service'; code: string | null; message: string }
  /** An unknown code without any text. */
  | { kind: 'code'; code: string };

function isWorded(code: string): code is WordedOperationReason {
  return (WORDED_OPERATION_REASONS as readonly string[]).includes(code);
}

/** How to word a state's reason (`{code, message}` in REST, a plain string in some events); null when it has none. */
export function reasonWording(reason: unknown): ReasonWording | null {
  if (!reason) return null;
  if (typeof reason === 'string') return { kind: 'service', code: null, message: reason };
  if (typeof reason !== 'object') return null;
  const r = reason as { code?: unknown; message?: unknown };
  const code = typeof r.code === 'string' && r.code ? r.code : null;
  const message = typeof r.message === 'string' && r.message ? r.message : null;
  if (code && isWorded(code)) return { kind: 'catalogue', code, message };
  if (message) return { kind: 'service', code, message };
  return code ? { kind: 'code', code } : null;
}

/**
 * A rail transaction's reason (the contract makes it a plain string) as a state reason: when the operation has a
 * state whose reason carries that same text, that reason (so its code is worded from the catalogue); else the
 * string itself, shown as the service's.
 */
export function railReason(reason: unknown, states: readonly { reason?: unknown }[]): unknown {
  if (typeof reason !== 'string' || !reason) return null;
  for (const state of states) {
    const r = state.reason as { code?: unknown; message?: unknown } | null | undefined;
    if (r && typeof r === 'object' && r.message === reason && typeof r.code === 'string') return r;
  }
  return reason;
}
