import { createTranslator } from 'use-intl/core';
import { describe, expect, it, vi } from 'vitest';
import { catalogueTranslator, makeFailure, type Failure, type Translator } from '@/lib/errors';
import en from '@/messages/en/errors.json';
import pt from '@/messages/pt-BR/errors.json';
import { applyFailure } from './apply-failure';

function translator(locale: 'en' | 'pt-BR'): Translator {
  const messages = { errors: locale === 'en' ? en : pt };
  return catalogueTranslator(createTranslator({ locale, messages, namespace: 'errors' }) as never);
}

const EN = translator('en');
const PT = translator('pt-BR');

function failure(init: Partial<Failure> & { code: string }): Failure {
  return { ...makeFailure(init.code, 400), ...init };
}

describe('applyFailure', () => {
  it('words each field problem from the catalogue in the reader’s language and returns null when all were placed', () => {
    const f = failure({ code: 'INVALID_INPUT', fields: { amount: { code: 'INSUFFICIENT_BALANCE' }, email: { code: 'EMAIL_TAKEN' } } });
    const setError = vi.fn();
    expect(applyFailure(setError, f, PT, ['email', 'amount'])).toBeNull();
    expect(setError.mock.calls).toEqual([
      ['email', pt.EMAIL_TAKEN],
      ['amount', pt.INSUFFICIENT_BALANCE],
    ]);
    const setErrorEn = vi.fn();
    applyFailure(setErrorEn, f, EN, ['email', 'amount']);
    expect(setErrorEn.mock.calls).toEqual([
      ['email', en.EMAIL_TAKEN],
      ['amount', en.INSUFFICIENT_BALANCE],
    ]);
  });

  it('interpolates the values of the code and of each field', () => {
    const messages = { errors: { TOO_LONG: 'At most {max}.', ROWS_BAD: '{count} rows are wrong.' } };
    const t = catalogueTranslator(createTranslator({ locale: 'en', messages, namespace: 'errors' }) as never);
    const setError = vi.fn();
    const f = failure({ code: 'ROWS_BAD', values: { count: 3 }, fields: { memo: { code: 'TOO_LONG', values: { max: 140 } }, other: { code: 'TOO_LONG', values: { max: 1 } } } });
    expect(applyFailure(setError, f, t, ['memo'])).toBe('3 rows are wrong. At most 1.');
    expect(setError.mock.calls).toEqual([['memo', 'At most 140.']]);
  });

  it('places a nested path on the longest known field it lies under, first message per field', () => {
    const f = failure({
      code: 'INVALID_DATA',
      fields: { 'taxId.value': { code: 'WEAK_PASSWORD' }, 'assets.1.code': { code: 'ASSET_NOT_ENABLED' }, 'assets.0.code': { code: 'INVALID_AMOUNT' } },
    });
    const setError = vi.fn();
    expect(applyFailure(setError, f, EN, ['assets', 'taxId', 'address.city'])).toBeNull();
    expect(setError.mock.calls).toEqual([
      ['assets', en.ASSET_NOT_ENABLED],
      ['taxId', en.WEAK_PASSWORD],
    ]);
  });

  it('returns the form-level sentence when there is no field problem, and for problems no known field shows', () => {
    const setError = vi.fn();
    expect(applyFailure(setError, failure({ code: 'QUOTE_EXPIRED' }), PT, ['amount'])).toBe(pt.QUOTE_EXPIRED);
    expect(applyFailure(setError, failure({ code: 'INVALID_DATA', fields: { nickname: { code: 'EMAIL_TAKEN' } } }), EN, ['amount'])).toBe(
      `${en.INVALID_DATA} ${en.EMAIL_TAKEN}`,
    );
    expect(applyFailure(setError, failure({ code: 'INVALID_INPUT', fields: { _form: { code: 'SAME_ACCOUNT' } } }), EN)).toBe(
      `${en.INVALID_INPUT} ${en.SAME_ACCOUNT}`,
    );
    expect(setError).not.toHaveBeenCalled();
  });

  it('without knownFields, every path is a field', () => {
    const setError = vi.fn();
    expect(applyFailure(setError, failure({ code: 'INVALID_INPUT', fields: { 'owner.name': { code: 'INVALID_FIELD' } } }), PT)).toBeNull();
    expect(setError.mock.calls).toEqual([['owner.name', pt.INVALID_FIELD]]);
  });

  it('falls back to the server’s wording only for a code the catalogue does not know (a new service code)', () => {
    const f = failure({
      code: 'NEW_RULE',
      sentence: 'The service says no.',
      fields: { taxId: { code: 'VALIDATE_TAX_ID' }, city: { code: 'ANOTHER_NEW' } },
      fieldErrors: { taxId: 'Invalid CNPJ.' },
    });
    const setError = vi.fn();
    expect(applyFailure(setError, f, EN, ['taxId', 'city', 'other'])).toBeNull();
    expect(setError.mock.calls).toEqual([
      ['taxId', 'Invalid CNPJ.'],
      ['city', en.INVALID_FIELD],
    ]);
    expect(applyFailure(vi.fn(), failure({ code: 'NEW_RULE', sentence: 'The service says no.' }), EN)).toBe('The service says no.');
  });
});
