import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createTranslator } from 'use-intl/core';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/lib/i18n/config';
import { NAMESPACES } from './index';

const DIR = path.join(process.cwd(), 'messages');

function raw(locale: string, ns: string): string {
  return readFileSync(path.join(DIR, locale, `${ns}.json`), 'utf8');
}

/** `{ a: { b: 'x' } }` → `{ 'a.b': 'x' }`; a non-string leaf is reported as such. */
function flatten(value: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out[prefix] = value;
  }
  return out;
}

/** Keys that appear twice in one JSON object (JSON.parse silently keeps the last one). */
export function duplicateKeys(text: string): string[] {
  const dups: string[] = [];
  const stack: Array<Set<string> | null> = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      const str = JSON.parse(text.slice(i, j + 1)) as string;
      const top = stack[stack.length - 1];
      if (expectKey && top) {
        if (top.has(str)) dups.push(str);
        top.add(str);
        expectKey = false;
      }
      i = j;
    } else if (c === '{') {
      stack.push(new Set());
      expectKey = true;
    } else if (c === '[') {
      stack.push(null);
    } else if (c === '}' || c === ']') {
      stack.pop();
    } else if (c === ',') {
      expectKey = stack[stack.length - 1] !== null;
    }
  }
  return dups;
}

/** Argument names an ICU message uses (`{name}`, `{count, plural, …}`), nested ones included. */
export function placeholders(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*([A-Za-z_][\w]*)\s*[,}]/g)].map((m) => m[1]!))].sort();
}

describe('message catalogue', () => {
  it('registers exactly the namespaces that have files, in every locale', () => {
    for (const locale of LOCALES) {
      const files = readdirSync(path.join(DIR, locale))
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.replace(/\.json$/, ''))
        .sort();
      expect(files, `messages/${locale}`).toEqual([...NAMESPACES].sort());
    }
  });

  for (const ns of NAMESPACES) {
    describe(ns, () => {
      const byLocale = Object.fromEntries(LOCALES.map((l) => [l, flatten(JSON.parse(raw(l, ns)))]));

      it('has no duplicate keys', () => {
        for (const locale of LOCALES) expect(duplicateKeys(raw(locale, ns)), `${locale}/${ns}.json`).toEqual([]);
      });

      it('has the same keys in every locale, each a non-empty string', () => {
        const [first, ...rest] = LOCALES;
        const keys = Object.keys(byLocale[first]!).sort();
        for (const locale of rest) expect(Object.keys(byLocale[locale]!).sort(), `${locale}/${ns} vs ${first}/${ns}`).toEqual(keys);
        for (const locale of LOCALES) {
          for (const [key, value] of Object.entries(byLocale[locale]!)) {
            expect(typeof value === 'string' && value.trim().length > 0, `${locale}/${ns}: ${key}`).toBe(true);
          }
        }
      });

      it('uses the same placeholders in every locale, and every message formats', () => {
        const [first] = LOCALES;
        for (const key of Object.keys(byLocale[first]!)) {
          const expected = placeholders(String(byLocale[first]![key]));
          for (const locale of LOCALES) {
            const message = String(byLocale[locale]![key] ?? '');
            expect(placeholders(message), `${locale}/${ns}: ${key}`).toEqual(expected);
            const errors: string[] = [];
            const t = createTranslator({
              locale,
              messages: { [ns]: JSON.parse(raw(locale, ns)) },
              onError: (e) => errors.push(e.message),
            });
            const values = Object.fromEntries(expected.map((p) => [p, 1]));
            t(`${ns}.${key}` as never, values as never);
            expect(errors, `${locale}/${ns}: ${key}`).toEqual([]);
          }
        }
      });
    });
  }
});

describe('catalogue checks themselves', () => {
  it('find duplicate keys and placeholders', () => {
    expect(duplicateKeys('{"a": "x", "b": {"a": "y", "c": "z"}, "a": "w"}')).toEqual(['a']);
    expect(duplicateKeys('{"a": ["a", "a"], "b": "x"}')).toEqual([]);
    expect(placeholders('In {minutes, plural, one {# minute} other {# minutes}} for {name}')).toEqual(['minutes', 'name']);
  });
});
