import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR_CODES } from './index';

/**
 * Errors carry codes and values; their words live only in messages/{en,pt-BR}. These tests read the source: every
 * code the console can produce has a sentence in both catalogues, and no error is built with English words.
 */

const ROOT = process.cwd();
const SOURCE_DIRS = ['lib', 'app', 'components'];
/** The service side (its own English answers are the contract's `message`), never the console's wording. */
const SERVICE_SIDE = [/^lib\/sandbox\//, /^app\/sandbox\//];

function sourceFiles(): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) && !SERVICE_SIDE.some((r) => r.test(rel))) {
        out.push({ file: rel, text: readFileSync(path.join(ROOT, rel), 'utf8') });
      }
    }
  };
  SOURCE_DIRS.forEach(walk);
  return out;
}

const FILES = sourceFiles();
const catalogue = (locale: string, ns: string) => JSON.parse(readFileSync(path.join(ROOT, 'messages', locale, `${ns}.json`), 'utf8')) as Record<string, unknown>;

function lookup(locale: string, key: string): unknown {
  const [ns, ...rest] = key.includes('.') ? key.split('.') : ['errors', key];
  let node: unknown = catalogue(locale, ns!);
  for (const part of rest) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return node;
}

/** Everything between the parentheses of each call `name(` in `text` (strings and nesting respected). */
export function callArguments(text: string, name: RegExp): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(new RegExp(`${name.source}\\(`, 'g'))) {
    let depth = 0;
    let i = m.index! + m[0].length;
    const start = i;
    for (; i < text.length; i++) {
      const c = text[i]!;
      if (c === "'" || c === '"' || c === '`') {
        for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
      } else if (c === '(' || c === '[' || c === '{') depth++;
      else if (c === ')' || c === ']' || c === '}') {
        if (depth === 0) break;
        depth--;
      }
    }
    out.push(text.slice(start, i));
  }
  return out;
}

/** Where errors are built: the DomainError family, route refusals and Failures made by hand. */
const ERROR_BUILDERS = /\b(?:new (?:DomainError|PayoutError|BatchError|KeyReviewError|StepUpError|RateLimitedError)|routeFailure|makeFailure|refuse)/;

/** Codes (UPPER_SNAKE) and qualified keys (`webhooks.errors.urlHttps`) written as literals in an error's arguments. */
function literalCodes(args: string): string[] {
  return [...args.matchAll(/['`]((?:[a-z][A-Za-z]*\.)+[A-Za-z_]+|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{4,})['`]/g)].map((m) => m[1]!);
}

/**
 * The codes the console can produce, as catalogue keys: an error's own code (key in `errors`) and its field codes
 * (in `errors`, `validation`, or the namespace its service qualifies them with).
 */
function producedCodes(): Set<string> {
  const codes = new Set<string>(Object.values(CLIENT_ERROR_CODES));
  for (const { text } of FILES) {
    for (const m of text.matchAll(new RegExp(`${ERROR_BUILDERS.source}\\(`, 'g'))) {
      const [args] = callArguments(text.slice(m.index!), ERROR_BUILDERS);
      const [own, ...fields] = literalCodes(args ?? '');
      if (own) codes.add(own);
      for (const code of fields) codes.add(code);
    }
    // Typed code lists of the services that throw them (the code comes in as a variable there).
    for (const m of text.matchAll(/export type (?:PayoutErrorCode|BatchErrorCode|BatchFileErrorCode)\s*=([^;]+);/g)) {
      for (const c of m[1]!.matchAll(/'([A-Z_0-9]+)'/g)) codes.add(c[1]!);
    }
    for (const m of text.matchAll(/export type ReviewRefusal\s*=([^;]+);/g)) {
      for (const c of m[1]!.matchAll(/'([A-Z_0-9]+)'/g)) codes.add(`KEY_REVIEW_${c[1]}`);
    }
    for (const m of text.matchAll(/export const STEP_UP_CODES = \[([^\]]+)\]/g)) {
      for (const c of m[1]!.matchAll(/'([A-Z_0-9]+)'/g)) codes.add(c[1]!);
    }
  }
  // Status-based words for a service answer whose own text must not be shown, and the generic field word.
  ['SERVICE_BUSY', 'SERVICE_FAILED', 'SERVICE_CREDENTIALS_REFUSED', 'INVALID_FIELD', 'RATE_LIMITED'].forEach((c) => codes.add(c));
  return codes;
}

/** A field code may also be a `validation` key (the forms' schemas). */
function worded(locale: string, code: string): boolean {
  return typeof lookup(locale, code) === 'string' || (!code.includes('.') && typeof lookup(locale, `validation.${code}`) === 'string');
}

describe('the error catalogue', () => {
  const codes = [...producedCodes()].sort();

  it('finds the codes the console produces (the scan itself works)', () => {
    for (const known of ['EMAIL_TAKEN', 'SELF_APPROVAL', 'FILE_CHANGED', 'KEY_REVIEW_OWN_KEY', 'STEP_UP_EXPIRED', 'TIMEOUT', 'INVALID_QUERY', 'TOO_MANY_STREAMS', 'RANGE_ORDER']) {
      expect(codes).toContain(known);
    }
    expect(codes.length).toBeGreaterThan(100);
  });

  it.each(['en', 'pt-BR'])('has a sentence in %s for every code the console can produce', (locale) => {
    const missing = codes.filter((code) => !worded(locale, code));
    expect(missing).toEqual([]);
  });
});

/** Words, not codes: two words of letters with a space between (a sentence or a phrase). */
const WORDS = /[A-Za-z]{2,}\s+[A-Za-z]{2,}/;

/** The string literals of a piece of code (comments skipped; a template's `${…}` parts left out). */
export function stringLiterals(code: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < code.length; i++) {
    const c = code[i]!;
    if (c === '/' && code[i + 1] === '/') i = code.indexOf('\n', i) < 0 ? code.length : code.indexOf('\n', i);
    else if (c === '/' && code[i + 1] === '*') i = code.indexOf('*/', i) < 0 ? code.length : code.indexOf('*/', i) + 1;
    else if (c === "'" || c === '"' || c === '`') {
      let text = '';
      for (i++; i < code.length && code[i] !== c; i++) {
        if (code[i] === '\\') i++;
        else if (c === '`' && code[i] === '$' && code[i + 1] === '{') {
          let depth = 0;
          for (; i < code.length; i++) {
            if (code[i] === '{') depth++;
            else if (code[i] === '}' && --depth === 0) break;
          }
          text += ' ';
        } else text += code[i];
      }
      out.push(text);
    }
  }
  return out;
}

const isEnglish = (code: string) => stringLiterals(code).some((s) => WORDS.test(s));

/**
 * Files whose English is not the console's wording of an error: the wire client's log text (its codes are worded by
 * the catalogue), the identifier checks the sandbox answers with (`message` there is the service's sentence; forms
 * use `key`), the metrics endpoint (a machine reads it), the service's schemas of its own answers.
 */
const NOT_WORDING = [/^lib\/api\//, /^lib\/validation\/(cpf|cnpj|pix)\.ts$/, /^lib\/observability\//, /^lib\/domain\/webhooks\/catalog\.ts$/];

describe('no error worded in code', () => {
  it('builds every error from codes and values: no English in the arguments of an error', () => {
    const offenders: string[] = [];
    for (const { file, text } of FILES) {
      for (const args of callArguments(text, ERROR_BUILDERS)) if (isEnglish(args)) offenders.push(`${file}: ${args.trim().slice(0, 100)}`);
    }
    expect(offenders).toEqual([]);
  });

  it('sets no English sentence as a `sentence`, `message` or schema `error` of a refusal', () => {
    const offenders: string[] = [];
    for (const { file, text } of FILES) {
      if (NOT_WORDING.some((r) => r.test(file))) continue;
      for (const m of text.matchAll(/\b(?:sentence|message|error):\s*(['"`][^'"`\n]*['"`])/g)) {
        if (isEnglish(m[1]!) && /^['"`][A-Z]/.test(m[1]!)) offenders.push(`${file}: ${m[0]}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('keeps no English table of error sentences', () => {
    const tables = FILES.filter(({ text }) => /ERROR_SENTENCES|Record<\w+, string> = \{\s*\n\s*[A-Z_]+: '[A-Z][a-z]+ /.test(text)).map((f) => f.file);
    expect(tables).toEqual([]);
  });
});

/**
 * One catalogue: a refusal's code is worded only in messages/{en,pt-BR}/errors.json (the forms' schema keys in
 * validation.json), looked up through one path (`applyFailure`/`showFailure`, `useFailureSentence`, the server's
 * `errorsTranslator`). These tests fail on a second place: a section's own map of codes in messages/, or code that
 * picks a section's key for a code by hand.
 */

const LOCALES = ['en', 'pt-BR'];
/** The catalogue itself. */
const CATALOGUE = new Set(['errors.json', 'validation.json']);

/**
 * Maps of a section that say why something IS in a state (an operation's status reason, a timeline note, a
 * requirement's reason from the service), not why a person's action was refused: the section's vocabulary.
 */
const STATE_VOCABULARY = new Set(['operations.reasons', 'payouts.detail.notes', 'onboarding.reasons']);

/** A map's name that says it words refusals. */
const REFUSAL_MAP = /^(?:errors?|\w+Errors?|problems|refusals?|signInError)$/;
/** A key that is an error code (UPPER_SNAKE). */
const CODE_KEY = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;

/** Every place in a section's messages that words error codes: a map named for refusals, or a code the catalogue has. */
function sectionErrorMaps(): string[] {
  const found = new Set<string>();
  for (const locale of LOCALES) {
    const codes = catalogue(locale, 'errors');
    for (const file of readdirSync(path.join(ROOT, 'messages', locale))) {
      if (!file.endsWith('.json') || CATALOGUE.has(file)) continue;
      const walk = (node: Record<string, unknown>, at: string) => {
        if (STATE_VOCABULARY.has(at)) return;
        for (const [key, value] of Object.entries(node)) {
          const here = `${at}.${key}`;
          if (value && typeof value === 'object') {
            if (REFUSAL_MAP.test(key)) found.add(here);
            else walk(value as Record<string, unknown>, here);
          } else if (CODE_KEY.test(key) && key in codes) found.add(at);
        }
      };
      walk(catalogue(locale, file.replace(/\.json$/, '')), file.replace(/\.json$/, ''));
    }
  }
  return [...found].sort();
}

/** The catalogue's own lookup (`errors.<code>`, `validation.<code>`): the one path, not a second place. */
const CATALOGUE_LOOKUP = /^lib\/i18n\/errors-translator\.ts$/;

/** A key inside a refusal map written in code: `payouts.errors.X`, `errors.KEY_REJECTED`, `` `rowErrors.${code}` ``. */
const MAP_KEY = /(?:^|\.)(?:errors?|[a-z]\w*Errors?|problems|refusals?|signInError)\.[A-Za-z_ ]/;
/** A code compared by hand to choose a section's words: `fieldError === 'SOME_CODE' ? t('…')`. */
const HAND_CHOICE = /\w*(?:[Ee]rror|[Cc]ode|[Rr]efusal|[Pp]roblem)\s*===\s*'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)'\s*\?\s*t[A-Za-z]*\(/g;

/** A literal that names a whole refusal map of the messages (`useTranslations('payouts.errors')`). */
function namesRefusalMap(literal: string): boolean {
  const [ns, ...rest] = literal.split('.');
  if (!ns || rest.length === 0 || !REFUSAL_MAP.test(rest[rest.length - 1]!)) return false;
  let node: unknown;
  try {
    node = catalogue('en', ns);
  } catch {
    return false;
  }
  for (const part of rest) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return Boolean(node) && typeof node === 'object';
}

/**
 * Every place in code that words a code outside the one path: a key of a refusal map, a whole refusal map, or a
 * code of the `errors` catalogue compared by hand to pick a section's words.
 */
function handMadeWording(): string[] {
  const codes = catalogue('en', 'errors');
  const out: string[] = [];
  for (const { file, text } of FILES.filter((f) => !CATALOGUE_LOOKUP.test(f.file))) {
    for (const literal of stringLiterals(text)) if (MAP_KEY.test(literal) || namesRefusalMap(literal)) out.push(`${file}: '${literal}'`);
    for (const m of text.matchAll(HAND_CHOICE)) if (m[1]! in codes) out.push(`${file}: ${m[0]}`);
  }
  return out;
}

describe('one catalogue for error codes', () => {
  it('finds what it looks for (the scan itself works)', () => {
    expect(MAP_KEY.test('payouts.errors.ACCOUNT_NOT_FOUND')).toBe(true);
    expect(MAP_KEY.test('rowErrors. ')).toBe(true);
    expect(MAP_KEY.test('errors.KEY_REJECTED')).toBe(true);
    expect(MAP_KEY.test('upload.problems. ')).toBe(true);
    expect(MAP_KEY.test('payouts.new')).toBe(false);
    expect(MAP_KEY.test('preview.downloadErrors')).toBe(false);
    expect(MAP_KEY.test('errors')).toBe(false);
    expect(namesRefusalMap('payouts.new')).toBe(false);
    expect(namesRefusalMap('webhooks.replay.problems')).toBe(false);
    expect([..."sourceError === 'SOURCE_ACCOUNT_REQUIRED' ? t('new.chooseAccount')".matchAll(HAND_CHOICE)]).toHaveLength(1);
  });

  it('keeps no section map of error codes in messages/ (they are worded in errors.json)', () => {
    expect(sectionErrorMaps()).toEqual([]);
  });

  it('words no code by hand in code: no key or name of a refusal map, no code compared to pick a section key', () => {
    expect(handMadeWording()).toEqual([]);
  });
});
