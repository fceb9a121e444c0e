import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The feature convention of README "Layout": a feature's pure rules in lib/domain/<feature>/<what-it-holds>.ts, its
// server side ('server-only': store, service, jobs) in lib/<feature>/<what-it-holds>.ts, no third place. Every lib/
// folder is in exactly one of the tables below, so a new folder has to say what it is (and the README has to list it).

const ROOT = resolve(__dirname, '..');

/** The server side of a feature; each has its pure rules in lib/domain/<same name>. */
const FEATURE_SERVER = [
  'accounts',
  'audit',
  'balances',
  'beneficiaries',
  'control-changes',
  'deposits',
  'live',
  'notifications',
  'operations',
  'payout-batches',
  'payouts',
  'quotes',
  'saved-views',
  'search',
  'team',
  'webhooks',
];

/** Shared by every feature (infrastructure, vocabularies, client-safe primitives); each README line says what. */
const SHARED = [
  'actions',
  'api',
  'auth',
  'config',
  'contract',
  'db',
  'errors',
  'health',
  'http',
  'i18n',
  'money',
  'observability',
  'pglite',
  'qr',
  'security',
  'time',
  'validation',
];

/** lib/domain/<x> with no lib/<x>: where their server side is instead. */
const PURE_ONLY: Record<string, string> = {
  address: 'none: the address form schema shared by accounts and beneficiaries',
  lists: 'none: the list query parameters every list shares',
  observability: 'lib/observability (shared)',
  'sign-in': 'lib/auth (the sign-in form’s field rules; signing in is authentication)',
  'step-up': 'lib/auth/step-up (signing is part of authentication)',
  transfers: 'the transfer route’s actions call lib/api directly',
};

/** Files directly in lib/: the process's wiring only, no feature code. */
const LIB_ROOT_FILES = ['clock.ts', 'env.ts', 'retention-rules.ts', 'startup.ts'];

/** Modules of a feature server folder that are not 'server-only', and why that is right. */
const NOT_SERVER_ONLY: Record<string, string> = {
  'lib/team/demo-users.ts': 'the e2e fixtures and scripts sign in with these public demo users',
  'lib/payouts/errors.ts': 'a DomainError subclass (a code, an HTTP status, no server state), client-safe like lib/errors',
  'lib/payout-batches/errors.ts': 'a DomainError subclass (a code, an HTTP status, no server state), client-safe like lib/errors',
};

/** The barrels there are; no new one (an importer should name the file that holds what it uses). */
const BARRELS = [
  'lib/domain/control-changes/index.ts',
  'lib/domain/deposits/index.ts',
  'lib/domain/payouts/index.ts',
  'lib/domain/quotes/index.ts',
  'lib/errors/index.ts',
  'lib/payouts/index.ts',
  'lib/sandbox/index.ts',
];

/** What a runtime import from lib/domain may reach outside lib/domain: pure, client-safe modules only. */
const DOMAIN_MAY_IMPORT = /^lib\/(money|validation|contract|config|time)\/|^lib\/i18n\/(config|format)\.ts$|^lib\/auth\/(permissions|routes)\.ts$/;

const dirsOf = (dir: string) => readdirSync(join(ROOT, dir)).filter((f) => statSync(join(ROOT, dir, f)).isDirectory());
function walk(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((entry) => {
    const path = `${dir}/${entry}`;
    if (statSync(join(ROOT, path)).isDirectory()) return entry === 'node_modules' || entry === 'migrations' ? [] : walk(path);
    return /\.(ts|tsx)$/.test(entry) ? [path] : [];
  });
}
const isTest = (f: string) => /\.test\.tsx?$/.test(f);
const read = (f: string) => readFileSync(join(ROOT, f), 'utf8');
const code = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:([^'";]*?)\sfrom\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC = /\b(?:import|require)\(\s*(?:['"]([^'"]+)['"]|`([^`$]+))/g;
function resolveModule(from: string, spec: string): string | undefined {
  const base = spec.startsWith('@/') ? join(ROOT, spec.slice(2)) : spec.startsWith('.') ? resolve(dirname(join(ROOT, from)), spec) : undefined;
  if (!base) return undefined;
  const found = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((p) => existsSync(p) && statSync(p).isFile());
  return relative(ROOT, found ?? base);
}
/** Project modules a file loads at run time (type-only imports left out). */
function runtimeImports(file: string): string[] {
  const source = code(read(file));
  const specs = [
    ...[...source.matchAll(IMPORT)].filter(([, , typeOnly, clause]) => !typeOnly && !/^\s*type\s/.test(clause ?? '')).map(([, , , , spec]) => spec),
    ...[...source.matchAll(DYNAMIC)].map(([, literal, template]) => literal ?? template),
  ];
  return specs.flatMap((spec) => resolveModule(file, spec) ?? []);
}

const firstStatement = (source: string) => code(source).trim().split('\n')[0]?.trim() ?? '';
const isServerOnly = (source: string) => /^(import 'server-only'|import "server-only"|'use server'|"use server")/.test(firstStatement(source));
/** A module with no run-time code: type imports and type exports only. */
function typesOnly(source: string): boolean {
  const body = code(source);
  const imports = [...body.matchAll(/^import\s.*$/gm)].map(([line]) => line);
  return imports.every((l) => /^import type\s/.test(l)) && !/^export\s+(?!type\s|interface\s)/m.test(body);
}
/** A barrel that only re-exports its folder's modules (each checked on its own) holds no code of its own. */
function onlyReExports(source: string): boolean {
  const body = code(source).trim().split('\n').filter(Boolean);
  return body.length > 0 && body.every((l) => /^export\s.*\sfrom\s+['"]\.\/[^'"/]+['"];?$/.test(l));
}

describe('one convention for features', () => {
  const libDirs = dirsOf('lib').filter((d) => d !== 'domain' && d !== 'sandbox');
  const domainDirs = dirsOf('lib/domain');

  it('every lib/ folder is a feature’s server side or shared, and the tables name only real folders', () => {
    expect(libDirs.filter((d) => !FEATURE_SERVER.includes(d) && !SHARED.includes(d))).toEqual([]);
    expect([...FEATURE_SERVER, ...SHARED].filter((d) => !libDirs.includes(d))).toEqual([]);
    expect(FEATURE_SERVER.filter((d) => SHARED.includes(d))).toEqual([]);
  });

  it('a feature has both folders under one name: lib/domain/<feature> for its rules, lib/<feature> for its server side', () => {
    expect(FEATURE_SERVER.filter((f) => !domainDirs.includes(f))).toEqual([]);
    expect(domainDirs.filter((f) => !FEATURE_SERVER.includes(f) && !(f in PURE_ONLY))).toEqual([]);
    expect(Object.keys(PURE_ONLY).filter((f) => !domainDirs.includes(f) || FEATURE_SERVER.includes(f))).toEqual([]);
  });

  it('no third place: lib/ itself holds only the process wiring', () => {
    const files = readdirSync(join(ROOT, 'lib')).filter((f) => statSync(join(ROOT, 'lib', f)).isFile() && !isTest(f));
    expect(files.sort()).toEqual(LIB_ROOT_FILES);
  });

  it('every module of a feature’s server folder is server-only (\'server-only\' or \'use server\'), but for the listed reasons', () => {
    const offenders = FEATURE_SERVER.flatMap((d) => walk(`lib/${d}`))
      .filter((f) => !isTest(f) && !(f in NOT_SERVER_ONLY))
      .filter((f) => {
        const source = read(f);
        return !isServerOnly(source) && !typesOnly(source) && !onlyReExports(source);
      });
    expect(offenders).toEqual([]);
    expect(Object.keys(NOT_SERVER_ONLY).filter((f) => !existsSync(join(ROOT, f)) || isServerOnly(read(f)))).toEqual([]);
  });

  it('lib/domain holds no server code: no server-only, no use server, no React, and at run time only pure modules outside it', () => {
    const files = walk('lib/domain').filter((f) => !isTest(f));
    expect(files.filter((f) => isServerOnly(read(f)) || /['"]use (client|server)['"]/.test(firstStatement(read(f))))).toEqual([]);
    const reaches = files.flatMap((f) =>
      runtimeImports(f)
        .filter((to) => !to.startsWith('lib/domain/') && !DOMAIN_MAY_IMPORT.test(to))
        .map((to) => `${f} → ${to}`),
    );
    expect(reaches).toEqual([]);
  });

  it('the domain fence catches a runtime import of the database, the wire client or a feature’s server side (the check works)', () => {
    for (const to of ['lib/db/client.ts', 'lib/api/accounts.ts', 'lib/payouts/request.ts', 'lib/auth/session.ts', 'components/ui/button.tsx']) {
      expect(DOMAIN_MAY_IMPORT.test(to), to).toBe(false);
    }
    expect(DOMAIN_MAY_IMPORT.test('lib/money/decimal.ts')).toBe(true);
  });

  it('no file is named utils, helpers or misc (a name says what the file holds)', () => {
    const vague = /^(utils?|helpers?|misc)$|-(utils?|helpers?|misc)$/;
    const files = ['app', 'components', 'hooks', 'lib'].flatMap(walk).filter((f) => !isTest(f));
    expect(files.filter((f) => vague.test(basename(f).replace(/\.(ts|tsx)$/, '')))).toEqual([]);
  });

  it('no new barrel: index.ts only where one already is', () => {
    const barrels = walk('lib').filter((f) => /\/index\.tsx?$/.test(f) && !f.startsWith('lib/sandbox/') ? true : f === 'lib/sandbox/index.ts');
    expect(barrels.sort()).toEqual(BARRELS);
  });

  it('README “Layout” lists the feature server folders, then the shared ones, as these tables do', () => {
    const readme = read('README.md');
    const layout = readme.slice(readme.indexOf('### Layout'), readme.indexOf('Rules, enforced by'));
    const between = (from: string, to: string) => layout.slice(layout.indexOf(from), layout.indexOf(to, layout.indexOf(from)));
    const listed = (block: string) => [...block.matchAll(/^ {2}([a-z0-9-]+)\/ /gm)].map(([, d]) => d).sort();
    expect(listed(between('-- the server side of each feature', '-- shared by every feature'))).toEqual([...FEATURE_SERVER].sort());
    expect(listed(between('-- shared by every feature', '\n  env.ts ')).filter((d) => d !== 'sandbox')).toEqual([...SHARED].sort());
  });

  it('the README’s newcomer searches (“where is the payout approval rule?”, “where is a webhook signature checked?”) name files that exist', () => {
    const readme = read('README.md');
    const from = readme.indexOf('**Finding a rule');
    expect(from).toBeGreaterThan(0);
    const answers = readme.slice(from, readme.indexOf('\n\n**', from + 1));
    const paths = [...answers.matchAll(/`(lib\/[^`]+\.tsx?)`/g)].map(([, p]) => p);
    expect(paths.length).toBeGreaterThanOrEqual(2);
    expect(paths.filter((p) => !existsSync(join(ROOT, p)))).toEqual([]);
  });
});
