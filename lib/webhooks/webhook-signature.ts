import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { companyCredentials } from '@/lib/api/default-client';

// The console's side of the service's webhook signature, once: the receiver checks deliveries with it, "Check a
// signature" checks a pasted one, and "Copy as cURL" reproduces one. (The embedded sandbox signs with its own copy,
// lib/sandbox/webhooks: it plays the service.)

type Credentials = { clientId: string; clientSecret: string };

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/** Whether `signature` has the shape of one: 64 hex characters. */
export function isSignatureShaped(signature: string): boolean {
  return HEX_SHA256.test(signature);
}

/**
 * The `X-Message-Signature` of `messageId`: hex HMAC-SHA256 of `messageId + "+" + clientId`, keyed with the client
 * secret (the service's scheme; it covers the message id, TLS protects the body).
 */
export function messageSignature(messageId: string, credentials: Credentials): string {
  return createHmac('sha256', credentials.clientSecret).update(`${messageId}+${credentials.clientId}`).digest('hex');
}

/**
 * Checks an `X-Message-Signature` in constant time; a missing, malformed or wrong-length signature is refused before
 * any comparison that could leak timing about the secret.
 */
export function verifyMessageSignature(messageId: string | null, signature: string | null, credentials: Credentials): boolean {
  if (!messageId || !signature) return false;
  const given = signature.trim();
  if (!isSignatureShaped(given)) return false;
  return timingSafeEqual(Buffer.from(messageSignature(messageId, credentials), 'hex'), Buffer.from(given, 'hex'));
}

/**
 * The signature the service sent with a delivery of `messageId`, made with this company's credentials on the server,
 * so "Copy as cURL" can reproduce the delivery without the secret leaving the server.
 */
export async function deliverySignature(messageId: string): Promise<string> {
  return messageSignature(messageId, await companyCredentials());
}
