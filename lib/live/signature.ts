import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/**
 * `X-Message-Signature` check: hex HMAC-SHA256 of `messageId + "+" + clientId`, keyed with the client secret
 * (the service's scheme; it covers the message id, TLS protects the body). Compared in constant time; a missing,
 * malformed or wrong-length signature is refused before any comparison that could leak timing about the secret.
 */
export function verifyMessageSignature(
  messageId: string | null,
  signature: string | null,
  credentials: { clientId: string; clientSecret: string },
): boolean {
  if (!messageId || !signature) return false;
  const given = signature.trim();
  if (!HEX_SHA256.test(given)) return false;
  const expected = createHmac('sha256', credentials.clientSecret).update(`${messageId}+${credentials.clientId}`).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}
