import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeFailure, type Failure, type Translator } from '@/lib/errors';

const t: Translator = (code) => ({ INVALID_INPUT: 'Check the form.', TOO_LONG: 'Too long.', QUOTE_EXPIRED: 'The quote expired.' })[code];

function failure(init: Partial<Failure> & { code: string }): Failure {
  return { ...makeFailure(init.code, 400), ...init };
}

afterEach(() => {
  vi.doUnmock('./show-failure');
  vi.resetModules();
});

describe('showFailureLater / applyFailureLater', () => {
  it('place the failure as showFailure / applyFailure do, once fetched', async () => {
    const { showFailureLater, applyFailureLater, preloadShowFailure } = await import('./show-failure-later');
    preloadShowFailure();
    const form = { setError: vi.fn(), setFocus: vi.fn() };
    const f = failure({ code: 'INVALID_INPUT', fields: { 'owner.name': { code: 'TOO_LONG' } } });
    expect(await showFailureLater(form, f, t, ['name'], [['owner.', '']])).toBeNull();
    expect(form.setError).toHaveBeenCalledWith('name', 'Too long.');
    expect(form.setFocus).toHaveBeenCalledWith('name');

    const setError = vi.fn();
    expect(await applyFailureLater(setError, failure({ code: 'QUOTE_EXPIRED' }), t, ['amount'])).toBe('The quote expired.');
    expect(setError).not.toHaveBeenCalled();
  });

  it('say the failure as the form sentence when the placing rules cannot be fetched, and fetch them again next time', async () => {
    vi.doMock('./show-failure', () => {
      throw new Error('offline');
    });
    const { showFailureLater } = await import('./show-failure-later');
    const form = { setError: vi.fn(), setFocus: vi.fn() };
    const f = failure({ code: 'INVALID_INPUT', fields: { name: { code: 'TOO_LONG' } } });
    expect(await showFailureLater(form, f, t, ['name'])).toBe('Check the form.');
    expect(form.setError).not.toHaveBeenCalled();

    vi.doUnmock('./show-failure');
    expect(await showFailureLater(form, f, t, ['name'])).toBeNull();
    expect(form.setError).toHaveBeenCalledWith('name', 'Too long.');
  });
});
