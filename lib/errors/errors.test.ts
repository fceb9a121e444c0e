import { describe, expect, it, vi } from 'vitest';
import {
  DomainError,
  SERVICE_ERROR_BRAND,
  catalogueTranslator,
  failureSentence,
  fieldErrorsFromDetails,
  isFailure,
  toFailure,
  toFieldPath,
  validationFailure,
} from './index';

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
  it('keeps a known service code as a table sentence, its 4xx status and request id', () => {
    const f = toFailure(serviceError({ status: 422, code: 'QUOTE_EXPIRED', message: 'Quote expired at 12:00.', requestId: 'req-1' }));
    expect(f).toMatchObject({ code: 'QUOTE_EXPIRED', httpStatus: 422, requestId: 'req-1', fieldErrors: {} });
    expect(f.sentence).toBe('The quote has expired. Get a new quote.');
    expect(failureSentence(f)).toBe('The quote has expired. Get a new quote. (reference req-1)');
    expect(isFailure(f)).toBe(true);
  });

  it('falls back to the service message (with unplaced fields) for an unknown 4xx code', () => {
    const f = toFailure(
      serviceError({ status: 400, code: 'WEIRD_RULE', message: 'Quote id is odd.', requestId: 'r', fieldErrors: { quoteId: 'Odd.' } }),
    );
    expect(f.sentence).toBe('Quote id is odd — quoteId: Odd.');
    expect(f.fieldErrors).toEqual({ quoteId: 'Odd.' });
    expect(f.httpStatus).toBe(400);
  });

  it('404 stays 404; upstream 401/403 become 502; 5xx text is never shown', () => {
    expect(toFailure(serviceError({ status: 404, code: 'RESOURCE_NOT_FOUND', message: 'x' })).httpStatus).toBe(404);
    expect(toFailure(serviceError({ status: 401, code: 'INVALID_ACCESS_TOKEN', message: 'x' })).httpStatus).toBe(502);
    const f = toFailure(serviceError({ status: 500, code: 'NPE', message: 'NullPointer at Foo.java:12' }));
    expect(f.httpStatus).toBe(500);
    expect(f.sentence).not.toMatch(/NullPointer/);
    expect(toFailure(serviceError({ status: 504, code: 'TIMEOUT', message: 'x', requestId: 'local-1' })).sentence).toMatch(/did not answer in time/);
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

  it('turns a DomainError into its code, message and field errors', () => {
    const f = toFailure(new DomainError('EMAIL_TAKEN', 'A user with this e-mail already exists.', { email: 'Taken.' }, 409));
    expect(f).toMatchObject({ code: 'EMAIL_TAKEN', httpStatus: 409, fieldErrors: { email: 'Taken.' } });
    expect(f.sentence).toBe('A user with this e-mail already exists.');
  });

  it('never shows an unexpected error: one sentence and the correlation id', () => {
    const f = toFailure(new TypeError('secret at /srv/app.js:1'), { correlationId: 'corr-1' });
    expect(f).toMatchObject({ code: 'INTERNAL', httpStatus: 500, requestId: 'corr-1' });
    expect(JSON.stringify(f)).not.toContain('secret');
  });

  it('survives serialisation (server action → browser) and is recognised by its brand', () => {
    const wire: unknown = JSON.parse(JSON.stringify(toFailure(serviceError({ status: 409, code: 'IDEMPOTENCY_CONFLICT', message: 'x' }))));
    expect(isFailure(wire)).toBe(true);
    expect(isFailure({ code: 'X', message: 'not ours' })).toBe(false);
  });

  it('takes sentences from the catalogue when a translator is passed, the table/service text otherwise', () => {
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
    const f = validationFailure({ _errors: ['Form wrong'], owner: { legalName: { _errors: ['Enter the legal name.', 'x'] } } });
    expect(f).toMatchObject({ code: 'INVALID_INPUT', httpStatus: 400 });
    expect(f.fieldErrors).toEqual({ _form: 'Form wrong', 'owner.legalName': 'Enter the legal name.' });
  });
});
