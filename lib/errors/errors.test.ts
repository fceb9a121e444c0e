import { createTranslator } from 'use-intl/core';
import { describe, expect, it, vi } from 'vitest';
import en from '@/messages/en/errors.json';
import pt from '@/messages/pt-BR/errors.json';
import {
  DomainError,
  SERVICE_ERROR_BRAND,
  catalogueTranslator,
  fieldCodesFromDetails,
  fieldErrorsFromDetails,
  isFailure,
  toFailure,
  toFieldPath,
  validationFailure,
} from './index';

const catalogue = (locale: 'en' | 'pt-BR') =>
  catalogueTranslator(createTranslator({ locale, messages: { errors: locale === 'en' ? en : pt }, namespace: 'errors' }) as never);
const t = catalogue('en');

const serviceError = (init: { status: number; code: string; message: string; requestId?: string; fieldErrors?: Record<string, string> }) =>
  Object.assign(new Error(init.message), { brand: SERVICE_ERROR_BRAND, name: 'ApiError', ...init });

describe('field paths', () => {
  it.each([
    ['body:owner.taxId.value', 'owner.taxId.value'],
    ['body:assets[0].code', 'assets.0.code'],
    ['path:accountId', 'accountId'],
    ['query:status', 'status'],
    ['body', null],
    ['owner.legalName', 'owner.legalName'],
  ])('%s → %s', (field, expected) => expect(toFieldPath(field)).toBe(expected));

  it('joins several messages on one field and skips malformed entries', () => {
    expect(
      fieldErrorsFromDetails({
        errors: [
          { field: 'body:owner.taxId.value', message: 'Invalid CNPJ', code: 'VALIDATE_TAX_ID' },
          { field: 'body:owner.taxId.value', code: 'REQUIRED' },
          { message: 'no field' },
          'junk',
        ],
      }),
    ).toEqual({ 'owner.taxId.value': 'Invalid CNPJ; REQUIRED' });
    expect(fieldErrorsFromDetails({ errors: 'nope' })).toEqual({});
  });
});

describe('toFailure', () => {
  it('words a known service code from the catalogue in the reader’s language; keeps its 4xx status and request id', () => {
    const error = serviceError({ status: 422, code: 'QUOTE_EXPIRED', message: 'Quote expired at 12:00.', requestId: 'req-1' });
    const f = toFailure(error, { t });
    expect(f).toMatchObject({ code: 'QUOTE_EXPIRED', httpStatus: 422, requestId: 'req-1', fieldErrors: {} });
    expect(f.sentence).toBe(en.QUOTE_EXPIRED);
    expect(toFailure(error, { t: catalogue('pt-BR') }).sentence).toBe(pt.QUOTE_EXPIRED);
    expect(isFailure(f)).toBe(true);
  });

  it('falls back to the service message (with unplaced fields) for an unknown 4xx code', () => {
    const f = toFailure(
      serviceError({ status: 400, code: 'WEIRD_RULE', message: 'Quote id is odd.', requestId: 'r', fieldErrors: { quoteId: 'Odd.' } }),
      { t },
    );
    expect(f.sentence).toBe('Quote id is odd — quoteId: Odd.');
    expect(f.fieldErrors).toEqual({ quoteId: 'Odd.' });
    expect(f.httpStatus).toBe(400);
  });

  it('404 stays 404; upstream 401/403 become 502; 5xx text is never shown', () => {
    expect(toFailure(serviceError({ status: 404, code: 'RESOURCE_NOT_FOUND', message: 'x' }), { t }).httpStatus).toBe(404);
    const refused = toFailure(serviceError({ status: 401, code: 'INVALID_ACCESS_TOKEN', message: 'x' }), { t });
    expect(refused).toMatchObject({ code: 'SERVICE_CREDENTIALS_REFUSED', httpStatus: 502, sentence: en.SERVICE_CREDENTIALS_REFUSED });
    const f = toFailure(serviceError({ status: 500, code: 'NPE', message: 'NullPointer at Foo.java:12' }), { t });
    expect(f.httpStatus).toBe(500);
    expect(f.sentence).toBe(en.SERVICE_FAILED);
    expect(toFailure(serviceError({ status: 504, code: 'TIMEOUT', message: 'x', requestId: 'local-1' }), { t }).sentence).toBe(en.TIMEOUT);
  });

  it('recognises errors by brand, so a copy of the class from another bundle still maps (not instanceof)', async () => {
    const first = await import('@/lib/api/errors');
    vi.resetModules();
    const second = await import('@/lib/api/errors');
    expect(second.ApiError).not.toBe(first.ApiError);
    const error = new second.ApiError({ status: 404, code: 'RESOURCE_NOT_FOUND', message: 'gone', requestId: 'r' });
    expect(error instanceof first.ApiError).toBe(false);
    expect(toFailure(error).httpStatus).toBe(404);
    expect(first.isApiError(error)).toBe(true);
  });

  it('turns a DomainError (code, values, field codes; no words) into a Failure worded from the catalogue', () => {
    const error = new DomainError('EMAIL_TAKEN', { fields: { email: 'EMAIL_TAKEN', role: { code: 'NEVER_HEARD_OF' } }, httpStatus: 409 });
    expect(error.message).toBe('EMAIL_TAKEN');
    const f = toFailure(error, { t: catalogue('pt-BR') });
    expect(f).toMatchObject({
      code: 'EMAIL_TAKEN',
      httpStatus: 409,
      sentence: pt.EMAIL_TAKEN,
      fields: { email: { code: 'EMAIL_TAKEN' }, role: { code: 'NEVER_HEARD_OF' } },
      fieldErrors: { email: pt.EMAIL_TAKEN, role: pt.INVALID_FIELD },
    });
    const limited = toFailure(new DomainError('NO_FUNDS_FOR_TEST_EVENTS', { values: { needed: '0.02' }, httpStatus: 409 }), { t });
    expect(limited).toMatchObject({ values: { needed: '0.02' }, sentence: en.NO_FUNDS_FOR_TEST_EVENTS });
  });

  it('carries structured details (not encoded into a field message) through JSON', () => {
    const f = toFailure(new DomainError('MISSING_DOCUMENTS_FOR_REVIEW', { details: { missingItems: [['A', 'B'], ['C']] } }), { t });
    expect(JSON.parse(JSON.stringify(f)).details).toEqual({ missingItems: [['A', 'B'], ['C']] });
    expect(f.fieldErrors).toEqual({});
  });

  it('keeps the service’s per-field codes and params as code + values', () => {
    const details = { errors: [{ code: 'TOO_LONG', message: 'Too long', field: 'body:memo', params: { max: 140, nested: { x: 1 } } }, { code: 'X', field: 'body' }] };
    expect(fieldCodesFromDetails(details)).toEqual({ memo: { code: 'TOO_LONG', values: { max: 140 } } });
  });

  it('never shows an unexpected error: one sentence and the correlation id', () => {
    const f = toFailure(new TypeError('secret at /srv/app.js:1'), { correlationId: 'corr-1', t });
    expect(f).toMatchObject({ code: 'INTERNAL', httpStatus: 500, requestId: 'corr-1', sentence: en.INTERNAL });
    expect(JSON.stringify(f)).not.toContain('secret');
  });

  it('survives serialisation (server action → browser) and is recognised by its brand', () => {
    const wire: unknown = JSON.parse(JSON.stringify(toFailure(serviceError({ status: 409, code: 'IDEMPOTENCY_CONFLICT', message: 'x' }))));
    expect(isFailure(wire)).toBe(true);
    expect(isFailure({ code: 'X', message: 'not ours' })).toBe(false);
  });

  it('takes sentences from the catalogue; only an unknown service code keeps the service’s own text', () => {
    const messages: Record<string, string> = { QUOTE_EXPIRED: 'A cotação expirou.' };
    const t = Object.assign((key: string) => messages[key] ?? key, { has: (key: string) => key in messages });
    const translate = catalogueTranslator(t);
    expect(toFailure(serviceError({ status: 422, code: 'QUOTE_EXPIRED', message: 'x' }), { t: translate }).sentence).toBe('A cotação expirou.');
    expect(toFailure(serviceError({ status: 422, code: 'NEW_CODE', message: 'Service says so' }), { t: translate }).sentence).toBe(
      'Service says so.',
    );
  });
});

describe('validationFailure', () => {
  it('flattens a zod-shaped tree to dotted paths, first message each', () => {
    const f = validationFailure({ _errors: ['SAME_ACCOUNT'], owner: { legalName: { _errors: ['tooLong|{"max":5}', 'x'] } } }, t);
    expect(f).toMatchObject({ code: 'INVALID_INPUT', httpStatus: 400, sentence: en.INVALID_INPUT });
    expect(f.fields).toEqual({ _form: { code: 'SAME_ACCOUNT' }, 'owner.legalName': { code: 'tooLong', values: { max: 5 } } });
    expect(f.fieldErrors).toEqual({ _form: en.SAME_ACCOUNT, 'owner.legalName': en.INVALID_FIELD });
  });
});
