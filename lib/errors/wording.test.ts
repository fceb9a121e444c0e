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

/** Where a field code of a builder is worded when not in `errors`: the payout form's own words (lib/payouts/errors.ts). */
const FIELD_NAMESPACES: Record<string, string> = { PayoutError: 'payouts.errors.' };

/**
 * The codes the console can produce, as catalogue keys: an error's own code (key in `errors`) and its field codes
 * (in `errors`, `validation`, or the namespace its service qualifies them with).
 */
function producedCodes(): Set<string> {
  const codes = new Set<string>(Object.values(CLIENT_ERROR_CODES));
  for (const { text } of FILES) {
    for (const m of text.matchAll(new RegExp(`${ERROR_BUILDERS.source}\\(`, 'g'))) {
      const builder = /new (\w+)/.exec(m[0])?.[1] ?? '';
      const [args] = callArguments(text.slice(m.index!), ERROR_BUILDERS);
      const [own, ...fields] = literalCodes(args ?? '');
      if (own) codes.add(own);
      for (const code of fields) codes.add(code.includes('.') || !FIELD_NAMESPACES[builder] ? code : FIELD_NAMESPACES[builder] + code);
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
    for (const known of ['EMAIL_TAKEN', 'SELF_APPROVAL', 'FILE_CHANGED', 'KEY_REVIEW_OWN_KEY', 'STEP_UP_EXPIRED', 'TIMEOUT', 'INVALID_QUERY', 'TOO_MANY_STREAMS', 'webhooks.errors.rangeOrder']) {
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
