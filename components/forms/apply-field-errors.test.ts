import { describe, expect, it, vi } from 'vitest';
import { makeFailure } from '@/lib/errors';
import { applyFieldErrors, placeFieldErrors } from './apply-field-errors';

type Values = { name: string; email: string; role: string };

describe('applyFieldErrors', () => {
  it('sets every listed field error and focuses the first matching field in the listed order', () => {
    const setError = vi.fn();
    const setFocus = vi.fn();
    const placed = applyFieldErrors<Values>(
      { ...makeFailure('INVALID_DATA', 400), fieldErrors: { role: 'Pick a role.', email: 'Taken.' } },
      ['name', 'email', 'role'],
      { setError, setFocus },
    );
    expect(placed).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['email', { type: 'server', message: 'Taken.' }],
      ['role', { type: 'server', message: 'Pick a role.' }],
    ]);
    expect(setFocus.mock.calls).toEqual([['email']]);
  });

  it('returns false and touches nothing when no listed field has an error', () => {
    const setError = vi.fn();
    const setFocus = vi.fn();
    const placed = applyFieldErrors<Values>(
      { ...makeFailure('LAST_ADMIN', 409), fieldErrors: { other: 'x' } },
      ['name', 'email'],
      { setError, setFocus },
    );
    expect(placed).toBe(false);
    expect(setError).not.toHaveBeenCalled();
    expect(setFocus).not.toHaveBeenCalled();
  });
});

describe('placeFieldErrors', () => {
  const FIELDS = ['legalName', 'taxId', 'address.city', 'address.postalCode', 'assets'];
  it('maps the service body paths (already located-stripped by lib/errors) onto form fields', () => {
    const { placed, unplaced } = placeFieldErrors(
      {
        'owner.taxId.value': 'Invalid CNPJ',
        'owner.address.postalCode': 'Bad CEP',
        'assets.1.code': 'Unsupported',
        'owner.legalName': 'Too short',
        'owner.somethingElse': 'Huh',
      },
      FIELDS,
      [['owner.', '']],
    );
    expect(placed).toEqual([
      ['legalName', 'Too short'],
      ['taxId', 'Invalid CNPJ'],
      ['address.postalCode', 'Bad CEP'],
      ['assets', 'Unsupported'],
    ]);
    expect(unplaced).toEqual(['Huh']);
  });

  it('keeps the action schema’s own form paths and the first message per field', () => {
    const { placed } = placeFieldErrors({ 'address.city': 'Enter the city.', 'assets.0.code': 'a', 'assets.1.code': 'b' }, FIELDS);
    expect(placed).toEqual([
      ['address.city', 'Enter the city.'],
      ['assets', 'a'],
    ]);
  });
});
