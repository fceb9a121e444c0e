import { describe, expect, it } from 'vitest';
import en from '@/messages/en/operations.json';
import pt from '@/messages/pt-BR/operations.json';
import { WORDED_OPERATION_REASONS, railReason, reasonWording } from './reason';

describe('reasonWording', () => {
  it('words the known codes from the catalogue, whatever the service’s text', () => {
    expect(reasonWording({ code: 'INSUFFICIENT_BALANCE', message: 'Insufficient balance for the requested operation', details: {} })).toEqual({
      kind: 'catalogue',
      code: 'INSUFFICIENT_BALANCE',
      message: 'Insufficient balance for the requested operation',
    });
    expect(reasonWording({ code: 'COMPLIANCE_REVIEW', message: null })).toEqual({ kind: 'catalogue', code: 'COMPLIANCE_REVIEW', message: null });
  });

  it('keeps the service’s text for an unknown code or a plain string, and the bare code when there is no text', () => {
    expect(reasonWording({ code: 'RAIL_TIMEOUT', message: 'The PIX rail timed out', details: {} })).toEqual({
      kind: 'service',
      code: 'RAIL_TIMEOUT',
      message: 'The PIX rail timed out',
    });
    expect(reasonWording('Rejected by the receiving bank')).toEqual({ kind: 'service', code: null, message: 'Rejected by the receiving bank' });
    expect(reasonWording({ code: 'RAIL_TIMEOUT', message: '' })).toEqual({ kind: 'code', code: 'RAIL_TIMEOUT' });
    expect(reasonWording(null)).toBeNull();
    expect(reasonWording({})).toBeNull();
  });

  it('every worded code has a sentence in both languages, and the service-text wrappers exist', () => {
    for (const messages of [en, pt]) {
      const reasons = (messages as { reasons: Record<string, string> }).reasons;
      for (const code of WORDED_OPERATION_REASONS) expect(reasons[code], code).toBeTruthy();
      expect(reasons.service).toContain('{message}');
      expect(reasons.code).toContain('{code}');
    }
    expect(pt.reasons.INSUFFICIENT_BALANCE).not.toBe(en.reasons.INSUFFICIENT_BALANCE);
  });
});

describe('railReason', () => {
  const failed = { code: 'INSUFFICIENT_BALANCE', message: 'Insufficient balance for the requested operation', details: {} };
  it('takes the state reason with the same text, so the code is worded', () => {
    expect(railReason('Insufficient balance for the requested operation', [{ reason: null }, { reason: failed }])).toBe(failed);
    expect(reasonWording(railReason('Insufficient balance for the requested operation', [{ reason: failed }]))).toMatchObject({
      kind: 'catalogue',
      code: 'INSUFFICIENT_BALANCE',
    });
  });
  it('keeps any other text as the service’s; nothing for no text', () => {
    expect(railReason('Rejected by the receiving bank', [{ reason: failed }])).toBe('Rejected by the receiving bank');
    expect(railReason(null, [{ reason: failed }])).toBeNull();
  });
});
