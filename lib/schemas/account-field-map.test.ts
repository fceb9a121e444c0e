import { describe, expect, it } from 'vitest';
import { formPathForServiceField, mapServiceFieldErrors } from './account-field-map';

describe('service field → form field', () => {
  it.each([
    ['body:owner.taxId.value', 'taxId'],
    ['owner.taxId.value', 'taxId'],
    ['owner.taxId', 'taxId'],
    ['owner.legalName', 'legalName'],
    ['owner.industry', 'industry'],
    ['owner.incorporateDate', 'incorporateDate'],
    ['body:owner.address.postalCode', 'address.postalCode'],
    ['owner.address', 'address.addressLine1'],
    ['assets[1].code', 'assets'],
    ['assets.0.code', 'assets'],
    ['assets', 'assets'],
    ['address.city', 'address.city'],
    ['legalName', 'legalName'],
  ])('%s → %s', (field, expected) => {
    expect(formPathForServiceField(field)).toBe(expected);
  });

  it.each(['body', 'idempotencyKey', 'header:X-Idempotency-Key', 'owner.type', 'customer.id'])('%s has no form field', (field) => {
    expect(formPathForServiceField(field)).toBeNull();
  });

  it('splits placed and unplaced messages, keeping the first message per field', () => {
    expect(
      mapServiceFieldErrors({
        'owner.taxId.value': 'Invalid CNPJ check digits',
        'owner.taxId.type': 'Unsupported type',
        'owner.type': 'Must be COMPANY',
      }),
    ).toEqual({ fields: { taxId: 'Invalid CNPJ check digits' }, unplaced: ['Must be COMPANY'] });
    expect(mapServiceFieldErrors(undefined)).toEqual({ fields: {}, unplaced: [] });
  });
});
