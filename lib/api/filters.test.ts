import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFilters } from '@/lib/sandbox/core/filters';
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

describe('buildFilters ⇄ the service parser (property)', () => {
  it('any non-empty value round-trips unchanged, whatever characters it holds', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 60 }), fc.constantFrom('eq', 'like', 'ne', 'text') as fc.Arbitrary<'eq' | 'like' | 'ne' | 'text'>, (value, op) => {
        const node = parseFilters(buildFilters([{ field: 'owner.legalName', op, value }]));
        expect(node).toMatchObject({ kind: 'cond', field: 'owner.legalName', op, value });
      }),
      { numRuns: 500 },
    );
  });

  it('list values round-trip as separate values, and groups keep their structure', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 20 }), { minLength: 1, maxLength: 5 }), fc.string({ minLength: 1, maxLength: 20 }), (values, other) => {
        const node = parseFilters(
          buildFilters([{ or: [{ field: 'tags.value', op: 'in', value: values }, { field: 'owner.legalName', op: 'eq', value: other }] }]),
        );
        expect(node).toMatchObject({
          kind: 'or',
          children: [
            { kind: 'cond', field: 'tags.value', op: 'in', values },
            { kind: 'cond', field: 'owner.legalName', op: 'eq', value: other },
          ],
        });
      }),
      { numRuns: 300 },
    );
  });
});
