import { fieldError, invalidData } from './errors';
import type { FieldError } from './types';

/**
 * Input the database cannot store, or that would exhaust the stack, is refused before any handler runs:
 *
 * - NUL (`\u0000`) in a string: PostgreSQL text and jsonb cannot hold it ("invalid byte sequence for encoding
 *   UTF8: 0x00"), so it would fail mid-transaction as a 500;
 * - a lone surrogate (`\ud800` without its pair): not valid Unicode, jsonb rejects it ("invalid input syntax for
 *   type json");
 * - JSON nested deeper than {@link MAX_JSON_DEPTH}: no request of the contract nests more than 5 levels, and every
 *   walker of the body (validation, canonicalisation, serialisation) is then bounded.
 *
 * Each answers 400 INVALID_DATA with the offending field located, like any other validation error.
 */
export const MAX_JSON_DEPTH = 32;

/** Why `s` cannot be stored, or null. */
export function badStringCode(s: string): 'NUL_CHARACTER' | 'INVALID_UNICODE' | null {
  if (s.includes('\u0000')) return 'NUL_CHARACTER';
  // ES2024's String#isWellFormed (Node 20 has it; the project's TypeScript lib stops at ES2023).
  if (!(s as string & { isWellFormed(): boolean }).isWellFormed()) return 'INVALID_UNICODE';
  return null;
}

function describe(code: 'NUL_CHARACTER' | 'INVALID_UNICODE', field: string): string {
  return code === 'NUL_CHARACTER'
    ? `Parameter '${field}' must not contain the NUL character`
    : `Parameter '${field}' must be valid Unicode (it contains an unpaired surrogate)`;
}

/** A 400 INVALID_DATA for one bad string at `field` (e.g. `body:address.city`, `query:filters`). */
export function badStringError(code: 'NUL_CHARACTER' | 'INVALID_UNICODE', field: string) {
  return invalidData([fieldError(code, describe(code, field), field, {})]);
}

/**
 * Whether `text` (JSON) opens more than `max` arrays/objects at once. A linear scan that skips string contents, so
 * it runs before `JSON.parse` and costs nothing on ordinary bodies.
 */
export function jsonDepthExceeds(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return false;
}

export function depthError(field = 'body', max = MAX_JSON_DEPTH) {
  return invalidData([
    fieldError('MAX_DEPTH_EXCEEDED', `Parameter '${field}' nests deeper than ${max} levels`, field, { maxDepth: max }),
  ]);
}

function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent ? `${parent}.${key}` : key;
}

/**
 * The first string (value or key) of a parsed JSON value that cannot be stored, located as `<location>:<path>`.
 * Iterative (an explicit stack), so even a value that escaped the depth cap cannot overflow the call stack.
 */
export function findBadString(value: unknown, location: string): FieldError | null {
  const stack: Array<{ v: unknown; path: string }> = [{ v: value, path: '' }];
  const at = (path: string) => (path ? `${location}:${path}` : location);
  while (stack.length) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'string') {
      const code = badStringCode(v);
      if (code) return fieldError(code, describe(code, at(path)), at(path), {});
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: childPath(path, i) });
    } else if (v !== null && typeof v === 'object') {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i];
        const code = badStringCode(k);
        // A bad key is reported at its parent: the key itself cannot be printed safely.
        if (code) return fieldError(code, describe(code, at(path)), at(path), {});
        stack.push({ v: (v as Record<string, unknown>)[k], path: childPath(path, k) });
      }
    }
  }
  return null;
}

/** The first string (value or key) of a parsed JSON value that `test` picks, located as `<location>:<path>`. */
function findString(value: unknown, location: string, test: (s: string) => boolean): string | null {
  const stack: Array<{ v: unknown; path: string }> = [{ v: value, path: '' }];
  const at = (path: string) => (path ? `${location}:${path}` : location);
  while (stack.length) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (test(v)) return at(path);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: childPath(path, i) });
    } else if (v !== null && typeof v === 'object') {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        if (test(keys[i])) return at(path);
        stack.push({ v: (v as Record<string, unknown>)[keys[i]], path: childPath(path, keys[i]) });
      }
    }
  }
  return null;
}

/**
 * 400 for a body whose bytes are not UTF-8 (a Latin-1 "Importação" sent as-is). Decoding leniently would store
 * U+FFFD in their place, so the body is refused; the field named is the first string that held them (where the
 * lenient decoding put U+FFFD), or the body itself when it does not parse.
 */
export function invalidUtf8Error(bytes: Uint8Array, location = 'body') {
  let field = location;
  const lenient = new TextDecoder('utf-8').decode(bytes);
  if (!jsonDepthExceeds(lenient)) {
    try {
      field = findString(JSON.parse(lenient), location, (s) => s.includes('\uFFFD')) ?? location;
    } catch {
      // not JSON either: the body as a whole
    }
  }
  return invalidData([fieldError('INVALID_UTF8', `Parameter '${field}' must be valid UTF-8 text`, field, {})]);
}

/** Throws 400 INVALID_DATA when `value` holds a string the database cannot store. */
export function assertStorable(value: unknown, location: string): void {
  const bad = findBadString(value, location);
  if (bad) throw invalidData([bad]);
}
