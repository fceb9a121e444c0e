import { ServiceError } from './errors';
import { UUID_PATTERN } from '@/lib/validation/uuid';

/**
 * The `filters` query language (lib/sandbox/README.md): `field[op]=value` conditions joined with `;` (AND), or grouped
 * with `and(a,b,…)` / `or(a,b,…)` (nestable). Values of `in`/`nin` are `|`-separated; the literal `null`
 * matches SQL NULL. A backslash escapes the next character inside a value (`\,` `\;` `\)` `\(` `\|` `\\`).
 */
export const FILTER_OPERATORS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'nin', 'like', 'text', 'last', 'last_ne'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export type FilterNode =
  | { kind: 'cond'; field: string; op: FilterOperator; value: string; values: string[] }
  | { kind: 'and' | 'or'; children: FilterNode[] };

export function invalidFilter(message: string, params: Record<string, unknown> = {}): ServiceError {
  return new ServiceError(400, 'INVALID_FILTER_FORMAT', `Invalid filters: ${message}`, { field: 'query:filters', ...params });
}

const MAX_LENGTH = 2000;
const MAX_CONDITIONS = 30;

class Parser {
  private pos = 0;
  conditions = 0;
  constructor(private readonly src: string) {}

  parseAll(): FilterNode {
    const groups: FilterNode[] = [this.item(0)];
    while (this.pos < this.src.length) {
      this.expect(';');
      if (this.pos >= this.src.length) break; // a trailing `;` is harmless
      groups.push(this.item(0));
    }
    return groups.length === 1 ? groups[0] : { kind: 'and', children: groups };
  }

  private peekWord(): string {
    const m = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(this.src.slice(this.pos));
    return m ? m[0] : '';
  }

  private item(depth: number): FilterNode {
    if (depth > 8) throw invalidFilter('groups nested too deeply');
    const word = this.peekWord();
    if ((word === 'and' || word === 'or') && this.src[this.pos + word.length] === '(') {
      this.pos += word.length + 1;
      const children: FilterNode[] = [this.item(depth + 1)];
      while (this.src[this.pos] === ',') {
        this.pos++;
        children.push(this.item(depth + 1));
      }
      this.expect(')');
      return { kind: word, children };
    }
    return this.condition(word);
  }

  private condition(field: string): FilterNode {
    if (!field) throw invalidFilter(`expected a field name at position ${this.pos}`, { position: this.pos });
    this.pos += field.length;
    this.expect('[');
    const opMatch = /^[a-z_]+/.exec(this.src.slice(this.pos));
    const op = opMatch?.[0] ?? '';
    if (!(FILTER_OPERATORS as readonly string[]).includes(op)) {
      throw invalidFilter(`unknown operator '${op.slice(0, 20)}' for field '${field}'`, { operator: op.slice(0, 20) });
    }
    this.pos += op.length;
    this.expect(']');
    this.expect('=');
    const values: string[] = [];
    let current = '';
    while (this.pos < this.src.length) {
      const ch = this.src[this.pos];
      if (ch === '\\') {
        if (this.pos + 1 >= this.src.length) throw invalidFilter('dangling escape at the end');
        current += this.src[this.pos + 1];
        this.pos += 2;
        continue;
      }
      if (ch === ',' || ch === ')' || ch === ';' || ch === '(') break;
      if (ch === '|' && (op === 'in' || op === 'nin')) {
        values.push(current);
        current = '';
        this.pos++;
        continue;
      }
      current += ch;
      this.pos++;
    }
    values.push(current);
    if (values.some((v) => v === '')) throw invalidFilter(`empty value for '${field}[${op}]'`);
    if (++this.conditions > MAX_CONDITIONS) throw invalidFilter(`at most ${MAX_CONDITIONS} conditions`);
    return { kind: 'cond', field, op: op as FilterOperator, value: values.join('|'), values };
  }

  private expect(ch: string) {
    if (this.src[this.pos] !== ch) {
      throw invalidFilter(`expected '${ch}' at position ${this.pos}`, { position: this.pos });
    }
    this.pos++;
  }
}

export function parseFilters(src: string): FilterNode {
  if (src.length > MAX_LENGTH) throw invalidFilter(`longer than ${MAX_LENGTH} characters`);
  if (src.trim() === '') throw invalidFilter('empty expression');
  return new Parser(src).parseAll();
}

export type FieldType = 'text' | 'uuid' | 'timestamp' | 'enum' | 'number' | 'boolean';

export interface FieldSpec {
  type: FieldType;
  /** SQL expression of the value (for `any` fields: over the element alias used in `any`). */
  expr: string;
  /** For array fields: wraps an element condition, e.g. `(c) => \`EXISTS (… WHERE ${c})\``: true when ANY element matches. */
  any?: (condition: string) => string;
  /** SQL expression of the LAST element, enabling `last` / `last_ne`. */
  last?: string;
  enumValues?: readonly string[];
  /** Restricts operators (default: all but last/last_ne, which need `last`). */
  ops?: readonly FilterOperator[];
}

export type FieldMap = Record<string, FieldSpec>;

export interface CompiledFilter {
  sql: string;
  params: unknown[];
}


/** Compiles a filter AST to a parameterised SQL condition; placeholders start after `paramOffset`. */
export function compileFilters(node: FilterNode, fields: FieldMap, paramOffset = 0): CompiledFilter {
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${paramOffset + params.length}`;
  };

  const castValue = (spec: FieldSpec, field: string, raw: string): { sql: string } => {
    switch (spec.type) {
      case 'uuid':
        if (!UUID_PATTERN.test(raw)) throw invalidFilter(`'${field}' expects a UUID`, { value: raw.slice(0, 64) });
        return { sql: `${p(raw.toLowerCase())}::uuid` };
      case 'timestamp': {
        const d = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(raw) ? new Date(raw) : null;
        if (!d || Number.isNaN(d.getTime())) throw invalidFilter(`'${field}' expects an ISO date or date-time`, { value: raw.slice(0, 64) });
        return { sql: `${p(d.toISOString())}::timestamptz` };
      }
      case 'enum':
        if (spec.enumValues && !spec.enumValues.includes(raw)) {
          throw invalidFilter(`'${raw.slice(0, 40)}' is not a valid value of '${field}'`, { value: raw.slice(0, 64), allowed: spec.enumValues });
        }
        return { sql: `${p(raw)}::text` };
      case 'number':
        if (!/^-?\d+(\.\d+)?$/.test(raw)) throw invalidFilter(`'${field}' expects a number`, { value: raw.slice(0, 64) });
        return { sql: `${p(raw)}::numeric` };
      case 'boolean':
        if (raw !== 'true' && raw !== 'false') throw invalidFilter(`'${field}' expects true or false`);
        return { sql: `${p(raw === 'true')}::boolean` };
      default:
        return { sql: `${p(raw)}::text` };
    }
  };

  const cond = (n: Extract<FilterNode, { kind: 'cond' }>): string => {
    const spec = fields[n.field];
    if (!spec) throw invalidFilter(`unknown field '${n.field.slice(0, 60)}'`, { allowedFields: Object.keys(fields) });
    const allowed = spec.ops ?? FILTER_OPERATORS.filter((o) => (o === 'last' || o === 'last_ne' ? !!spec.last : true));
    if (!allowed.includes(n.op)) throw invalidFilter(`operator '${n.op}' is not supported for '${n.field}'`, { allowedOperators: allowed });
    const isNull = n.value === 'null';
    const wrap = (c: string) => (spec.any ? spec.any(c) : c);

    switch (n.op) {
      case 'eq':
        if (isNull) return spec.any ? `NOT ${spec.any('TRUE')}` : `${spec.expr} IS NULL`;
        return wrap(`${spec.expr} = ${castValue(spec, n.field, n.value).sql}`);
      case 'ne':
        if (isNull) return wrap(`${spec.expr} IS NOT NULL`);
        // For arrays, "ne" means no element equals the value.
        if (spec.any) return `NOT ${spec.any(`${spec.expr} = ${castValue(spec, n.field, n.value).sql}`)}`;
        return `${spec.expr} IS DISTINCT FROM ${castValue(spec, n.field, n.value).sql}`;
      case 'gt':
      case 'gte':
      case 'lt':
      case 'lte': {
        if (isNull) throw invalidFilter(`'${n.op}' cannot compare with null`);
        if (spec.type === 'boolean' || spec.type === 'uuid') throw invalidFilter(`operator '${n.op}' is not supported for '${n.field}'`);
        const sym = { gt: '>', gte: '>=', lt: '<', lte: '<=' }[n.op];
        return wrap(`${spec.expr} ${sym} ${castValue(spec, n.field, n.value).sql}`);
      }
      case 'in':
      case 'nin': {
        const list = n.values.filter((v) => v !== 'null').map((v) => castValue(spec, n.field, v).sql);
        const hasNull = n.values.includes('null');
        const parts: string[] = [];
        if (list.length) parts.push(`${spec.expr} IN (${list.join(', ')})`);
        if (hasNull) parts.push(`${spec.expr} IS NULL`);
        const inner = parts.length > 1 ? `(${parts.join(' OR ')})` : parts[0];
        return n.op === 'in' ? wrap(inner) : spec.any ? `NOT ${spec.any(inner)}` : `NOT COALESCE(${inner}, FALSE)`;
      }
      case 'like': {
        if (spec.type !== 'text' && spec.type !== 'enum') throw invalidFilter(`operator 'like' is not supported for '${n.field}'`);
        const pattern = `%${n.value.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
        return wrap(`${spec.expr} ILIKE ${p(pattern)}`);
      }
      case 'text': {
        if (spec.type !== 'text') throw invalidFilter(`operator 'text' is not supported for '${n.field}'`);
        return wrap(`to_tsvector('simple', coalesce(${spec.expr}, '')) @@ plainto_tsquery('simple', ${p(n.value)})`);
      }
      case 'last':
      case 'last_ne': {
        const v = isNull ? null : castValue(spec, n.field, n.value).sql;
        if (n.op === 'last') return v === null ? `${spec.last} IS NULL` : `${spec.last} = ${v}`;
        return v === null ? `${spec.last} IS NOT NULL` : `${spec.last} IS DISTINCT FROM ${v}`;
      }
    }
  };

  const walk = (n: FilterNode): string => {
    if (n.kind === 'cond') return `(${cond(n)})`;
    const joiner = n.kind === 'and' ? ' AND ' : ' OR ';
    return `(${n.children.map(walk).join(joiner)})`;
  };

  return { sql: walk(node), params };
}

/** Parses + compiles `filters` when present; returns null when absent. */
export function buildFilterSql(raw: string | null, fields: FieldMap, paramOffset: number): CompiledFilter | null {
  if (raw === null) return null;
  return compileFilters(parseFilters(raw), fields, paramOffset);
}
