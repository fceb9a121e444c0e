import { describe, expect, it } from 'vitest';
import { ServiceError } from './errors';
import { compileFilters, parseFilters, type FieldMap } from './filters';

const FIELDS: FieldMap = {
  id: { type: 'uuid', expr: 't.id' },
  status: { type: 'enum', expr: 't.status', enumValues: ['A', 'B', 'C'] },
  name: { type: 'text', expr: 't.name' },
  createdAt: { type: 'timestamp', expr: 't.created_at' },
  'tags.value': { type: 'text', expr: "(e.value->>'value')", any: (c) => `EXISTS (SELECT 1 FROM x e WHERE ${c})` },
  'states.status': { type: 'enum', expr: "(e.value->>'status')", any: (c) => `EXISTS (SELECT 1 FROM s e WHERE ${c})`, last: 't.status', enumValues: ['A', 'B', 'C'] },
};

function code(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return e instanceof ServiceError ? `${e.status} ${e.code}` : 'other';
  }
  return undefined;
}

describe('parseFilters', () => {
  it('parses one condition', () => {
    expect(parseFilters('status[eq]=A')).toEqual({ kind: 'cond', field: 'status', op: 'eq', value: 'A', values: ['A'] });
  });

  it('joins ; groups with AND and nests and()/or()', () => {
    const ast = parseFilters('or(status[eq]=A,and(name[like]=acme,status[ne]=B));createdAt[gte]=2026-01-01');
    expect(ast).toMatchObject({
      kind: 'and',
      children: [
        { kind: 'or', children: [{ field: 'status' }, { kind: 'and', children: [{ field: 'name', op: 'like' }, { op: 'ne' }] }] },
        { field: 'createdAt', op: 'gte', value: '2026-01-01' },
      ],
    });
  });

  it('splits in/nin values on | and honours backslash escapes', () => {
    expect(parseFilters('status[in]=A|B')).toMatchObject({ values: ['A', 'B'] });
    expect(parseFilters('name[eq]=Acme\\, Ltda\\; \\(BR\\)')).toMatchObject({ value: 'Acme, Ltda; (BR)' });
    expect(parseFilters('name[in]=a\\|b|c')).toMatchObject({ values: ['a|b', 'c'] });
  });

  it.each([
    ['status', 'no operator'],
    ['status[eq]', 'no value'],
    ['status[eq]=', 'empty value'],
    ['status[foo]=A', 'unknown operator'],
    ['and(status[eq]=A', 'unclosed group'],
    ['and()', 'empty group'],
    ['status[eq]=A)', 'stray parenthesis'],
    ['[eq]=A', 'no field'],
    ['', 'empty'],
    ['name[eq]=x\\', 'dangling escape'],
  ])('rejects %j (%s) with 400 INVALID_FILTER_FORMAT', (src) => {
    expect(code(() => parseFilters(src))).toBe('400 INVALID_FILTER_FORMAT');
  });

  it('bounds length and nesting', () => {
    expect(code(() => parseFilters(`name[eq]=${'x'.repeat(2100)}`))).toBe('400 INVALID_FILTER_FORMAT');
    expect(code(() => parseFilters(`${'and('.repeat(12)}status[eq]=A${')'.repeat(12)}`))).toBe('400 INVALID_FILTER_FORMAT');
  });
});

describe('compileFilters', () => {
  const compile = (src: string, offset = 0) => compileFilters(parseFilters(src), FIELDS, offset);

  it('parameterises values (never inlines them) after the offset', () => {
    const c = compile("name[eq]=x' OR 1=1 --", 2);
    expect(c.sql).toBe('(t.name = $3::text)');
    expect(c.params).toEqual(["x' OR 1=1 --"]);
    // An unescaped `;` ends the condition, so a smuggled statement is a parse error, not SQL.
    expect(code(() => compile("name[eq]=x'; DROP TABLE t;--"))).toBe('400 INVALID_FILTER_FORMAT');
  });

  it('compiles each operator', () => {
    expect(compile('status[ne]=A').sql).toBe('(t.status IS DISTINCT FROM $1::text)');
    expect(compile('createdAt[gt]=2026-01-01').sql).toBe('(t.created_at > $1::timestamptz)');
    expect(compile('createdAt[lte]=2026-01-01T10:00:00Z').params).toEqual(['2026-01-01T10:00:00.000Z']);
    expect(compile('status[in]=A|B').sql).toBe('(t.status IN ($1::text, $2::text))');
    expect(compile('status[nin]=A|B').sql).toBe('(NOT COALESCE(t.status IN ($1::text, $2::text), FALSE))');
    expect(compile('name[like]=50%_off')).toEqual({ sql: '(t.name ILIKE $1)', params: ['%50\\%\\_off%'] });
    expect(compile('name[text]=acme brasil').sql).toContain("plainto_tsquery('simple', $1)");
    expect(compile('states.status[last]=A').sql).toBe('(t.status = $1::text)');
    expect(compile('states.status[last_ne]=A').sql).toBe('(t.status IS DISTINCT FROM $1::text)');
  });

  it('matches null with the literal null', () => {
    expect(compile('name[eq]=null')).toEqual({ sql: '(t.name IS NULL)', params: [] });
    expect(compile('name[ne]=null')).toEqual({ sql: '(t.name IS NOT NULL)', params: [] });
    expect(compile('status[in]=A|null').sql).toBe('((t.status IN ($1::text) OR t.status IS NULL))');
  });

  it('array fields match when ANY element matches', () => {
    expect(compile('tags.value[eq]=vip').sql).toBe("(EXISTS (SELECT 1 FROM x e WHERE (e.value->>'value') = $1::text))");
    expect(compile('tags.value[ne]=vip').sql).toBe("(NOT EXISTS (SELECT 1 FROM x e WHERE (e.value->>'value') = $1::text))");
  });

  it('combines and/or with parentheses', () => {
    expect(compile('or(status[eq]=A,status[eq]=B);name[like]=x').sql).toBe('(((t.status = $1::text) OR (t.status = $2::text)) AND (t.name ILIKE $3))');
  });

  it.each([
    ['unknown[eq]=1', 'unknown field'],
    ['name[last]=x', 'last on a non-array field'],
    ['status[eq]=Z', 'value outside the enum'],
    ['id[eq]=not-a-uuid', 'bad uuid'],
    ['createdAt[gt]=yesterday', 'bad date'],
    ['createdAt[like]=2026', 'like on a timestamp'],
    ['status[text]=A', 'text on an enum'],
    ['name[gt]=null', 'comparison with null'],
  ])('rejects %j (%s)', (src) => {
    expect(code(() => compile(src))).toBe('400 INVALID_FILTER_FORMAT');
  });
});
