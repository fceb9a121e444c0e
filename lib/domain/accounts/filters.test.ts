import { describe, expect, it } from 'vitest';
import { accountFilterConditions, hasFilters, parseAccountFilters } from './filters';

describe('account list filters', () => {
  it('reads status, legal name and asset from the URL', () => {
    const f = parseAccountFilters({ status: 'ACTIVE', name: '  Acme ', asset: 'USDC' });
    expect(f).toEqual({ status: 'ACTIVE', name: 'Acme', asset: 'USDC' });
    expect(hasFilters(f)).toBe(true);
  });

  it('drops values outside the allowed sets instead of sending them', () => {
    const f = parseAccountFilters({ status: 'NOPE', asset: 'XYZ', name: '' });
    expect(f).toEqual({ status: undefined, name: undefined, asset: undefined });
    expect(hasFilters(f)).toBe(false);
    expect(accountFilterConditions(f)).toEqual([]);
  });

  it('writes conditions in the contract filters language fields', () => {
    expect(accountFilterConditions({ status: 'ACTION_REQUIRED', name: 'Acme', asset: 'BRL' })).toEqual([
      { field: 'status', op: 'eq', value: 'ACTION_REQUIRED' },
      { field: 'owner.legalName', op: 'like', value: 'Acme' },
      { field: 'assets.asset', op: 'eq', value: 'BRL' },
    ]);
  });

  it('caps a very long name', () => {
    expect(parseAccountFilters({ name: 'x'.repeat(500) }).name).toHaveLength(100);
  });
});
