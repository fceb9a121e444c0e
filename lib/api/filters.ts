import 'server-only';

/** Operators of the account list's `filters` language (upstream's catalog, see lib/sandbox/README.md). */
export const FILTER_OPERATORS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'nin', 'like', 'text', 'last', 'last_ne'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export interface FilterCondition {
  /** e.g. `status`, `owner.legalName`, `assets.asset`, `createdAt`. */
  field: string;
  op: FilterOperator;
  /** `null` matches a missing value; arrays are for `in`/`nin`. */
  value: string | null | readonly string[];
}

export type FilterNode = FilterCondition | { and: FilterNode[] } | { or: FilterNode[] };

const FIELD = /^[A-Za-z_][A-Za-z0-9_.]*$/;
// Characters with syntactic meaning inside a value; the service reads `\x` as a literal x.
const SPECIAL = /[\\,;()|]/g;

function escapeValue(value: string): string {
  return value.replace(SPECIAL, (ch) => `\\${ch}`);
}

function renderCondition({ field, op, value }: FilterCondition): string {
  if (!FIELD.test(field)) throw new TypeError(`Invalid filter field: ${JSON.stringify(field.slice(0, 40))}`);
  if (!(FILTER_OPERATORS as readonly string[]).includes(op)) throw new TypeError(`Invalid filter operator: ${String(op)}`);
  let rendered: string;
  if (value === null) {
    rendered = 'null';
  } else if (typeof value === 'string') {
    rendered = escapeValue(value);
  } else {
    if (op !== 'in' && op !== 'nin') throw new TypeError(`Only in/nin take a list of values (${field}[${op}])`);
    rendered = value.map(escapeValue).join('|');
  }
  if (rendered === '') throw new TypeError(`Empty filter value for ${field}[${op}]`);
  return `${field}[${op}]=${rendered}`;
}

function render(node: FilterNode): string {
  if ('and' in node) return `and(${node.and.map(render).join(',')})`;
  if ('or' in node) return `or(${node.or.map(render).join(',')})`;
  return renderCondition(node);
}

/**
 * Builds the `filters` query value: top-level nodes are ANDed with `;`, groups render as `and(…)`/`or(…)`.
 * Values are escaped, so user text (a legal name with a comma) can never change the expression's structure.
 * Returns '' for no conditions (the request then omits `filters`).
 */
export function buildFilters(conditions: readonly FilterNode[]): string {
  return conditions.map(render).join(';');
}
