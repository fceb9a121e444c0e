import 'server-only';
import { isSignatureShaped, verifyMessageSignature } from './webhook-signature';

export type SignatureCheck = {
  /** `valid`: made with this company's credentials for the pasted id; `malformed`: not 64 hex characters. */
  signature: 'valid' | 'mismatch' | 'malformed';
  /** Characters in the pasted signature (said when it is malformed). */
  signatureLength: number;
  /** Whether the pasted id is this attempt's message id (the check uses the pasted one either way). */
  sameMessage: boolean;
  /** The pasted body against what the service sent: byte for byte, the same JSON laid out differently, or not. */
  body: 'not-given' | 'identical' | 'same-json' | 'different';
  /** Which credentials were used (the id only; the secret stays here). */
  clientId: string;
};

function sameJson(a: string, b: string): boolean {
  try {
    return JSON.stringify(sortKeys(JSON.parse(a))) === JSON.stringify(sortKeys(JSON.parse(b)));
  } catch {
    return false;
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/**
 * "Check a signature" on an attempt: verifies pasted `X-Message-Id` + `X-Message-Signature` with the receiver's own
 * check (webhook-signature.ts, constant time) and this company's credentials, and compares a pasted body with the
 * one the service sent — the scheme signs only the message id, so the body is checked against the record. The
 * answer carries verdicts and the client id, never the secret nor the expected signature.
 */
export function checkSignature(
  pasted: { messageId: string; signature: string; body?: string },
  attempt: { messageId: string; payload: string },
  credentials: { clientId: string; clientSecret: string },
): SignatureCheck {
  const given = pasted.signature.trim();
  const well = isSignatureShaped(given);
  const valid = well && verifyMessageSignature(pasted.messageId.trim(), given, credentials);
  const body = pasted.body?.trim()
    ? pasted.body === attempt.payload
      ? 'identical'
      : sameJson(pasted.body, attempt.payload)
        ? 'same-json'
        : 'different'
    : 'not-given';
  return {
    signature: !well ? 'malformed' : valid ? 'valid' : 'mismatch',
    signatureLength: given.length,
    sameMessage: pasted.messageId.trim() === attempt.messageId,
    body,
    clientId: credentials.clientId,
  };
}
