import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Static guard: no JS `number` may carry money. Flags `parseFloat(`, `.toNumber()`, and `Number(…)` /
 * `parseInt(…)` whose argument names something money-like. A line (or the line above it) containing `money-guard-ignore: <why>`
 * is exempt, for reviewed non-money uses such as a rate limit.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCANNED_DIRS = ['lib', 'app', 'components'];
const SKIP_DIRS = new Set(['node_modules', '.next', '.git']);
const MONEY_WORDS = new Set(['amount', 'amounts', 'balance', 'balances', 'price', 'prices', 'rate', 'rates', 'fee', 'fees', 'total', 'totals', 'sum', 'subtotal', 'spread']);
// `value` alone is too generic to flag inside any expression (`rows[0].value` of a settings table), so it
// counts only as the whole argument (`Number(value)`) or when the result lands in a money-named variable.
const BARE_VALUE = /^\s*values?\s*$/;

interface Finding {
  line: number;
  text: string;
  rule: string;
}

function words(expression: string): string[] {
  return (expression.match(/[A-Za-z_$][\w$]*/g) ?? []).flatMap((id) =>
    id.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(/[\s_$]+/).map((w) => w.toLowerCase()),
  );
}

// Comments may legitimately mention Number(amount) when explaining why it is not used.
function stripComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:\\'"`])\/\/.*$/gm, (_m, p1: string) => p1);
}

function findNumberMoney(source: string): Finding[] {
  const original = source.split('\n');
  const lines = stripComments(source).split('\n');
  const findings: Finding[] = [];
  lines.forEach((line, i) => {
    if (/money-guard-ignore:/.test(original[i]) || (i > 0 && /money-guard-ignore:/.test(original[i - 1]))) return;
    const report = (rule: string) => findings.push({ line: i + 1, text: original[i].trim(), rule });
    if (/\bparseFloat\s*\(/.test(line)) report('parseFloat(');
    if (/\.toNumber\s*\(\s*\)/.test(line)) report('.toNumber()');
    for (const m of line.matchAll(/\bparseInt\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)/g)) {
      if (words(m[1]).some((w) => MONEY_WORDS.has(w)) || BARE_VALUE.test(m[1].split(',')[0])) report(`parseInt(${m[1].trim()})`);
    }
    for (const m of line.matchAll(/\bNumber\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)/g)) {
      const target = /([\w$.]+)\s*(?::[^=]*)?=[^=>]*$/.exec(line.slice(0, m.index))?.[1] ?? '';
      const moneyLike = (text: string) => words(text).some((w) => MONEY_WORDS.has(w));
      if (moneyLike(m[1]) || BARE_VALUE.test(m[1]) || moneyLike(target)) report(`Number(${m[1].trim()})`);
    }
  });
  return findings;
}

function sourceFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return SKIP_DIRS.has(name) || name.startsWith('.next') ? [] : sourceFiles(full);
    if (!/\.(ts|tsx)$/.test(name) || /\.(test|spec)\.tsx?$/.test(name) || name.endsWith('.d.ts')) return [];
    return [full];
  });
}

describe('findNumberMoney (the detector itself)', () => {
  it('flags money carried by numbers', () => {
    const src = [
      'const a = parseFloat(input);',
      'const b = Number(amount.value);',
      'const c = Number(props.balance);',
      'const d = new Decimal(x).toNumber();',
      'const e = Number(quote.feeAmount) + Number(totalPrice);',
      'const f = Number(form.get("rate"));',
      'const g = Number.parseFloat(s);',
      'onChange={(e) => setX(Number(value))}',
      'const feeAmount = Number(e.target.value);',
      'const cents = parseInt(amount.value.replace(".", ""), 10);',
    ].join('\n');
    expect(findNumberMoney(src).map((f) => f.line)).toEqual([1, 2, 3, 4, 5, 5, 6, 7, 8, 9, 10]);
  });

  it('leaves non-money uses and comments alone', () => {
    const src = [
      'const port = Number(process.env.PORT);',
      'const limit = Number(searchParams.get("limit") ?? 20);',
      'const n = Number(count);',
      '// never Number(amount): it rounds',
      '/* parseFloat(x) would be wrong */',
      '// money-guard-ignore: requests per minute, not money',
      'const rpm = Number(rateLimit);',
      'const ok = Number.isInteger(x);',
      'offsetMs = rows[0] ? Number(rows[0].value) : 0;',
      'const page = Number(e.target.value);',
      'const limit = parseInt(searchParams.get("limit") ?? "20", 10);',
    ].join('\n');
    expect(findNumberMoney(src)).toEqual([]);
  });
});

describe('no number carries money in lib/, app/, components/', () => {
  it('finds no parseFloat, .toNumber() or Number(<money>) outside tests', () => {
    const findings = SCANNED_DIRS.flatMap((d) => sourceFiles(join(ROOT, d))).flatMap((file) =>
      findNumberMoney(readFileSync(file, 'utf8')).map((f) => `${relative(ROOT, file)}:${f.line}  ${f.rule}  — ${f.text}`),
    );
    expect(findings, `Money must stay a decimal string / decimal.js value:\n${findings.join('\n')}`).toEqual([]);
  });
});
