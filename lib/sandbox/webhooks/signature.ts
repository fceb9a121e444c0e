import { createHmac } from 'node:crypto';

/**
 * `X-Message-Signature`: hex HMAC-SHA256 of `messageId + "+" + clientId`, keyed with the client secret (upstream
 * §1.20). It covers the message id only, so the same message id always carries the same signature — which is why
 * retries and resends replay it unchanged.
 */
export function signMessage(messageId: string, clientId: string, clientSecret: string): string {
  return createHmac('sha256', clientSecret).update(`${messageId}+${clientId}`).digest('hex');
}
