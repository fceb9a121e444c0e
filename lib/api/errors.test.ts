import { describe, expect, it } from 'vitest';
import { ApiError, fieldErrorsFromDetails, toFieldPath, toUserMessage } from './errors';
import { isApiFailureLike, toUserMessage as clientToUserMessage } from './messages';

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

describe('toUserMessage', () => {
  const rejection = new ApiError({
    status: 422,
    code: 'QUOTE_EXPIRED',
    message: 'Quote expired at 12:00.',
    requestId: 'req-1',
    details: { errors: [{ field: 'body:quoteId', message: 'Expired' }] },
  });

  it('turns a service rejection into one sentence with the request id and fields', () => {
    expect(toUserMessage(rejection)).toBe('The service rejected the request: Quote expired at 12:00 — quoteId: Expired (request id req-1)');
  });

  it('says retrying is safe for transport failures and hides service internals for 5xx', () => {
    expect(toUserMessage(new ApiError({ status: 504, code: 'TIMEOUT', message: 'x', requestId: 'local-1' }))).toMatch(/did not answer in time.*local-1/);
    expect(toUserMessage(new ApiError({ status: 500, code: 'NPE', message: 'NullPointer at Foo.java:12', requestId: 'r' }))).not.toMatch(/NullPointer/);
    expect(toUserMessage(new Error('raw'))).not.toMatch(/raw/);
  });

  it('works the same on the serialised form a client component receives', () => {
    const wire: unknown = JSON.parse(JSON.stringify(rejection));
    expect(isApiFailureLike(wire)).toBe(true);
    if (isApiFailureLike(wire)) expect(clientToUserMessage(wire)).toBe(toUserMessage(rejection));
    expect(JSON.stringify(rejection)).not.toContain('stack');
  });
});
