import 'server-only';
import { getDb, type ConsoleDb } from '../db/client';
import { auditEvents } from '../db/schema';
import { now } from '../clock';

export type AuditOutcome = 'success' | 'denied' | 'error';

export type AuditInput = {
  /** `id: null` for an unauthenticated attempt (a sign-in failure names the e-mail that was tried). */
  actor: { id: string | null; email: string } | null;
  action: string;
  target?: string | null;
  outcome: AuditOutcome;
  correlationId?: string | null;
  details?: Record<string, unknown>;
};

const SECRET_KEY = /pass(word)?|secret|token|authorization|cookie|api[-_]?key|credential/i;
const MAX_STRING = 500;

/** The fields of a step-up proof (lib/domain/step-up/challenge.ts StepUpProof): public data, kept whole for Verify. */
const PROOF_FIELDS = ['method', 'digest', 'canonical', 'credentialId', 'credentialName', 'authenticatorData', 'clientDataJSON', 'signature', 'publicKey', 'signedAt'];
const PROOF_MAX = 8_192;

/**
 * A step-up proof under `details.stepUp` is kept verbatim (the audit's Verify re-checks the signature over exactly
 * these bytes, so neither truncation nor the `credential…` redaction may touch it): only its known string fields,
 * each bounded. It holds no secret — a signature, a public key and what was signed.
 */
function keepProof(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return redactDetails(value, 1);
  const out: Record<string, string> = {};
  for (const key of PROOF_FIELDS) {
    const v = (value as Record<string, unknown>)[key];
    if (typeof v === 'string') out[key] = v.slice(0, PROOF_MAX);
  }
  return out;
}

/** Drops secret-looking keys and truncates long strings: the audit log must never become a secret store. */
export function redactDetails(value: unknown, depth = 0): unknown {
  if (depth > 4) return '[truncated]';
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redactDetails(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = depth === 0 && k === 'stepUp' ? keepProof(v) : SECRET_KEY.test(k) ? '[redacted]' : redactDetails(v, depth + 1);
    }
    return out;
  }
  return value;
}

/** Writes one audit event (who, what, target, outcome, when, correlation id). */
export async function recordAudit(input: AuditInput, db?: ConsoleDb): Promise<void> {
  const database = db ?? (await getDb());
  await database.insert(auditEvents).values({
    at: now(),
    actorId: input.actor?.id ?? null,
    actorEmail: input.actor?.email ?? null,
    action: input.action,
    target: input.target ?? null,
    outcome: input.outcome,
    correlationId: input.correlationId ?? null,
    details: input.details ? (redactDetails(input.details) as Record<string, unknown>) : null,
  });
}
