import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkSignature } from './signature-check';

const creds = { clientId: 'acme-demo', clientSecret: 's3cret-value-for-tests' };
const attempt = { messageId: '0b8e3f0e-5a43-4d0b-9a4b-6f1a7f9f2c11', payload: '{"id":"op-1","status":"COMPLETED"}' };
const sign = (id: string) => createHmac('sha256', creds.clientSecret).update(`${id}+${creds.clientId}`).digest('hex');

describe('checkSignature (the attempt panel\'s "Check a signature")', () => {
  it('says valid for the service scheme, and never returns the secret or the expected signature', () => {
    const result = checkSignature({ messageId: attempt.messageId, signature: ` ${sign(attempt.messageId)}\n` }, attempt, creds);
    expect(result).toEqual({ signature: 'valid', signatureLength: 64, sameMessage: true, body: 'not-given', clientId: 'acme-demo' });
    const wire = JSON.stringify(checkSignature({ messageId: attempt.messageId, signature: 'f'.repeat(64) }, attempt, creds));
    expect(wire).not.toContain(creds.clientSecret);
    expect(wire).not.toContain(sign(attempt.messageId));
  });

  it('tells a wrong signature from a malformed one', () => {
    const good = sign(attempt.messageId);
    const flipped = `${good.slice(0, -1)}${good.endsWith('0') ? '1' : '0'}`;
    expect(checkSignature({ messageId: attempt.messageId, signature: flipped }, attempt, creds).signature).toBe('mismatch');
    expect(checkSignature({ messageId: attempt.messageId, signature: 'abc' }, attempt, creds)).toMatchObject({ signature: 'malformed', signatureLength: 3 });
  });

  it('checks the pasted message id, and says when it is not this attempt\'s', () => {
    const other = 'another-message';
    expect(checkSignature({ messageId: other, signature: sign(other) }, attempt, creds)).toMatchObject({ signature: 'valid', sameMessage: false });
  });

  it('compares a pasted body with what was sent (the signature does not cover it)', () => {
    const pasted = (body: string) => checkSignature({ messageId: attempt.messageId, signature: sign(attempt.messageId), body }, attempt, creds).body;
    expect(pasted(attempt.payload)).toBe('identical');
    expect(pasted('{ "status": "COMPLETED", "id": "op-1" }')).toBe('same-json');
    expect(pasted('{"id":"op-1","status":"FAILED"}')).toBe('different');
    expect(pasted('   ')).toBe('not-given');
  });
});
