import { describe, expect, it, vi } from 'vitest';
import { applyFieldErrors } from './apply-field-errors';

type Values = { name: string; email: string; role: string };

describe('applyFieldErrors', () => {
  it('sets every listed field error and focuses the first matching field in the listed order', () => {
    const setError = vi.fn();
    const setFocus = vi.fn();
    const placed = applyFieldErrors<Values>(
      { code: 'INVALID_DATA', message: 'Invalid', fieldErrors: { role: ['Pick a role.'], email: ['Taken.', 'Other.'] } },
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
      { code: 'LAST_ADMIN', message: 'Refused', fieldErrors: { other: ['x'] } },
      ['name', 'email'],
      { setError, setFocus },
    );
    expect(placed).toBe(false);
    expect(setError).not.toHaveBeenCalled();
    expect(setFocus).not.toHaveBeenCalled();
  });
});
