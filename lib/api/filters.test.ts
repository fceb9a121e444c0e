import { describe, expect, it } from 'vitest';
import { buildFilters } from './filters';

describe('buildFilters', () => {
  it('joins conditions with ; and renders groups', () => {
    expect(
      buildFilters([
        { field: 'status', op: 'eq', value: 'ACTIVE' },
        { or: [{ field: 'assets.asset', op: 'in', value: ['BRL', 'USD'] }, { field: 'sourceAccountId', op: 'eq', value: null }] },
      ]),
    ).toBe('status[eq]=ACTIVE;or(assets.asset[in]=BRL|USD,sourceAccountId[eq]=null)');
    expect(buildFilters([{ and: [{ field: 'createdAt', op: 'gte', value: '2026-01-01' }, { field: 'states.status', op: 'last', value: 'ACTIVE' }] }])).toBe(
      'and(createdAt[gte]=2026-01-01,states.status[last]=ACTIVE)',
    );
    expect(buildFilters([])).toBe('');
  });

  it('escapes characters that would change the structure', () => {
    expect(buildFilters([{ field: 'owner.legalName', op: 'like', value: 'Acme, Inc; (BR) a|b \\' }])).toBe(
      'owner.legalName[like]=Acme\\, Inc\\; \\(BR\\) a\\|b \\\\',
    );
    expect(buildFilters([{ field: 'tags.value', op: 'in', value: ['a|b', 'c'] }])).toBe('tags.value[in]=a\\|b|c');
  });

  it('rejects invalid fields, operators, lists on scalar operators and empty values', () => {
    expect(() => buildFilters([{ field: 'status]=x;id', op: 'eq', value: '1' }])).toThrow(TypeError);
    // @ts-expect-error -- not an operator
    expect(() => buildFilters([{ field: 'status', op: 'regex', value: '1' }])).toThrow(TypeError);
    expect(() => buildFilters([{ field: 'status', op: 'eq', value: ['A', 'B'] }])).toThrow(TypeError);
    expect(() => buildFilters([{ field: 'status', op: 'eq', value: '' }])).toThrow(TypeError);
  });
});
