import { describe, expect, it } from 'vitest';
import { isDuplicatePixKeyRefusal } from './refusals';

describe('isDuplicatePixKeyRefusal', () => {
  it('recognises the DUPLICATE_PIX_KEY entry of an INVALID_DATA refusal', () => {
    const details = { errors: [{ code: 'DUPLICATE_PIX_KEY', message: 'This beneficiary already has this PIX key', field: 'body:dictKey' }] };
    expect(isDuplicatePixKeyRefusal({ code: 'INVALID_DATA', details })).toBe(true);
  });

  it('is false for other refusals and shapes', () => {
    expect(isDuplicatePixKeyRefusal({ code: 'INVALID_DATA', details: { errors: [{ code: 'INVALID_PIX_KEY' }] } })).toBe(false);
    expect(isDuplicatePixKeyRefusal({ code: 'CONFLICT', details: { errors: [{ code: 'DUPLICATE_PIX_KEY' }] } })).toBe(false);
    expect(isDuplicatePixKeyRefusal({ code: 'INVALID_DATA', details: { errors: 'DUPLICATE_PIX_KEY' } })).toBe(false);
    expect(isDuplicatePixKeyRefusal({ code: 'INVALID_DATA' })).toBe(false);
    expect(isDuplicatePixKeyRefusal(null)).toBe(false);
  });
});
