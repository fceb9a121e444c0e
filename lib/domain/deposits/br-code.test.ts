import { describe, expect, it } from 'vitest';
import { crc16Ccitt, parseBrCode } from './br-code';

// Built field by field like the sandbox does (lib/sandbox/operations/funding.ts), with an independent CRC.
function emv(id: string, value: string): string {
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}
function build(key: string, amount: string, txid: string): string {
  const body =
    emv('00', '01') + emv('26', emv('00', 'br.gov.bcb.pix') + emv('01', key)) + emv('52', '0000') + emv('53', '986') +
    emv('54', amount) + emv('58', 'BR') + emv('59', 'FX SANDBOX') + emv('60', 'SAO PAULO') + emv('62', emv('05', txid));
  return `${body}6304${crc16Ccitt(`${body}6304`)}`;
}

describe('parseBrCode', () => {
  it('checks the CRC16 against the known test vector', () => {
    expect(crc16Ccitt('123456789')).toBe('29B1');
  });

  it('reads key, amount, currency and txid, and validates the checksum', () => {
    const code = build('3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f', '1500.00', 'abc123');
    expect(parseBrCode(code)).toEqual({
      key: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      amount: '1500.00',
      currency: '986',
      merchantName: 'FX SANDBOX',
      txid: 'abc123',
      crcValid: true,
    });
  });

  it('flags a code altered after it was issued', () => {
    const code = build('key@example.com', '10.00', 't1').replace('10.00', '99.00');
    expect(parseBrCode(code)?.crcValid).toBe(false);
  });

  it('returns null for what is not an EMV payload', () => {
    expect(parseBrCode('hello')).toBeNull();
    expect(parseBrCode('')).toBeNull();
  });
});
