import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { messageSignature, verifyMessageSignature } from './webhook-signature';

const creds = { clientId: 'acme-demo', clientSecret: 's3cret-value-for-tests' };
const messageId = '0b8e3f0e-5a43-4d0b-9a4b-6f1a7f9f2c11';
const sign = (id: string, clientId: string, secret: string) => createHmac('sha256', secret).update(`${id}+${clientId}`).digest('hex');

describe('messageSignature', () => {
  it('is the service scheme: hex HMAC-SHA256 of messageId + "+" + clientId keyed with the secret', () => {
    expect(messageSignature(messageId, creds)).toBe(sign(messageId, creds.clientId, creds.clientSecret));
    expect(verifyMessageSignature(messageId, messageSignature(messageId, creds), creds)).toBe(true);
  });
});

describe('verifyMessageSignature', () => {
  it('accepts the service scheme: hex HMAC-SHA256 of messageId + "+" + clientId keyed with the secret', () => {
    expect(verifyMessageSignature(messageId, sign(messageId, creds.clientId, creds.clientSecret), creds)).toBe(true);
    // hex case does not matter
    expect(verifyMessageSignature(messageId, sign(messageId, creds.clientId, creds.clientSecret).toUpperCase(), creds)).toBe(true);
  });

  it('refuses a wrong signature (one changed digit, another message id, another client id)', () => {
    const good = sign(messageId, creds.clientId, creds.clientSecret);
    const flipped = `${good.slice(0, -1)}${good.endsWith('0') ? '1' : '0'}`;
    expect(verifyMessageSignature(messageId, flipped, creds)).toBe(false);
    expect(verifyMessageSignature(messageId, sign('another-id', creds.clientId, creds.clientSecret), creds)).toBe(false);
    expect(verifyMessageSignature(messageId, sign(messageId, 'other-client', creds.clientSecret), creds)).toBe(false);
  });

  it('refuses a signature made with another secret', () => {
    expect(verifyMessageSignature(messageId, sign(messageId, creds.clientId, 'another-secret'), creds)).toBe(false);
  });

  it('refuses a missing or malformed signature or message id without comparing', () => {
    expect(verifyMessageSignature(messageId, null, creds)).toBe(false);
    expect(verifyMessageSignature(messageId, '', creds)).toBe(false);
    expect(verifyMessageSignature(null, sign(messageId, creds.clientId, creds.clientSecret), creds)).toBe(false);
    expect(verifyMessageSignature(messageId, 'abc', creds)).toBe(false);
    expect(verifyMessageSignature(messageId, 'z'.repeat(64), creds)).toBe(false);
    expect(verifyMessageSignature(messageId, sign(messageId, creds.clientId, creds.clientSecret) + '00', creds)).toBe(false);
  });
});
