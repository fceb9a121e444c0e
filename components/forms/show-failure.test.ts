import { describe, expect, it, vi } from 'vitest';
import { makeFailure, type Failure, type Translator } from '@/lib/errors';
import { showFailure } from './show-failure';

const t: Translator = (code, values) =>
  ({ INVALID_INPUT: 'Check the form.', CNPJ_INVALID: 'Not a valid CNPJ.', TOO_LONG: `At most ${values?.max}.` })[code];

function failure(init: Partial<Failure> & { code: string }): Failure {
  return { ...makeFailure(init.code, 400), ...init };
}

describe('showFailure', () => {
  it('places renamed service paths on the form’s fields and focuses the first one in the form’s order', () => {
    const form = { setError: vi.fn(), setFocus: vi.fn() };
    const f = failure({ code: 'INVALID_INPUT', fields: { 'owner.address.city': { code: 'TOO_LONG', values: { max: 60 } }, 'owner.taxId.value': { code: 'CNPJ_INVALID' } } });
    expect(showFailure(form, f, t, ['legalName', 'taxId', 'address.city'], [['owner.', '']])).toBeNull();
    expect(form.setError.mock.calls).toEqual(
      expect.arrayContaining([
        ['taxId', 'Not a valid CNPJ.'],
        ['address.city', 'At most 60.'],
      ]),
    );
    expect(form.setError).toHaveBeenCalledTimes(2);
    expect(form.setFocus).toHaveBeenCalledWith('taxId');
  });

  it('returns the sentence when a problem has no field, and focuses nothing when none was placed', () => {
    const form = { setError: vi.fn(), setFocus: vi.fn() };
    const f = failure({ code: 'INVALID_INPUT', fields: { reference: { code: 'TOO_LONG', values: { max: 10 } } } });
    expect(showFailure(form, f, t, ['name'])).toBe('Check the form. At most 10.');
    expect(form.setError).not.toHaveBeenCalled();
    expect(form.setFocus).not.toHaveBeenCalled();
  });
});
