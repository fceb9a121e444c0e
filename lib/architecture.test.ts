import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The layout rules of README "Layout", checked on the real import graph: static imports and re-exports, type-only
// ones, dynamic `import()` and `require()` (a template specifier counts by its text before the first `${`). Tests and
// harnesses are left out of the graph; they may reach across on purpose.

const ROOT = resolve(__dirname, '..');
const SOURCE_DIRS = ['app', 'components', 'hooks', 'lib'];
/** Files at the root and under scripts/ are read only for the sandbox fence. */
const FENCE_ONLY_DIRS = ['scripts'];
const STATIC_IMPORT = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC_IMPORT = /\b(?:import|require)\(\s*(?:['"]([^'"]+)['"]|`([^`$]+))/g;

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) return entry === 'node_modules' || entry === 'migrations' ? [] : walk(full);
    return /\.(ts|tsx|mjs)$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [full] : [];
  });
}

/** The path a specifier names (an existing file when it can be found, else the bare path), or undefined for a package. */
function resolveModule(from: string, spec: string): string | undefined {
  const base = spec.startsWith('@/') ? join(ROOT, spec.slice(2)) : spec.startsWith('.') ? resolve(dirname(from), spec) : undefined;
  if (!base) return undefined;
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((p) => existsSync(p) && statSync(p).isFile()) ?? base;
}

type Edge = [string, string, { typeOnly: boolean; spec: string }];
function importsOf(file: string, source: string): Edge[] {
  const found = [
    ...[...source.matchAll(STATIC_IMPORT)].map(([, typeOnly, spec]) => ({ spec, typeOnly: Boolean(typeOnly) })),
    ...[...source.matchAll(DYNAMIC_IMPORT)].map(([, literal, template]) => ({ spec: literal ?? template, typeOnly: false })),
  ];
  return found.flatMap(({ spec, typeOnly }) => {
    const target = resolveModule(join(ROOT, file), spec);
    return target ? [[file, relative(ROOT, target), { typeOnly, spec }] as Edge] : [];
  });
}

const isHarness = (f: string) => f.startsWith('lib/sandbox/testing/') || f.startsWith('lib/sandbox/bench/');
const FILES = SOURCE_DIRS.flatMap((d) => walk(join(ROOT, d)))
  .map((f) => relative(ROOT, f))
  .filter((f) => /\.tsx?$/.test(f) && !isHarness(f));
const ROOT_FILES = readdirSync(ROOT).filter((f) => /\.(ts|mjs)$/.test(f) && statSync(join(ROOT, f)).isFile() && !/\.test\.ts$/.test(f));
const FENCE_FILES = [...FILES, ...ROOT_FILES, ...FENCE_ONLY_DIRS.flatMap((d) => walk(join(ROOT, d)).map((f) => relative(ROOT, f)))];

const edgesOf = (files: string[]) => files.flatMap((file) => importsOf(file, readFileSync(join(ROOT, file), 'utf8')));
const ALL_EDGES: Edge[] = edgesOf(FILES);
const EDGES: [string, string][] = ALL_EDGES.map(([from, to]) => [from, to]);

/** The folder a file counts for: lib/<x> (lib/domain/<feature>), components/<x>, hooks; app is left out. */
function unit(path: string): string | null {
  const parts = path.split('/');
  if (parts[0] === 'lib') {
    if (parts.length === 2) return `lib/${parts[1].replace(/\.tsx?$/, '')}`;
    if (parts[1] === 'domain' && parts.length > 3) return `lib/domain/${parts[2]}`;
    return `lib/${parts[1]}`;
  }
  if (parts[0] === 'components') return parts.length > 2 ? `components/${parts[1]}` : 'components';
  if (parts[0] === 'hooks') return 'hooks';
  return null;
}

/** Strongly connected components with more than one folder (Tarjan). */
function folderCycles(edges: [string, string][]): string[][] {
  const graph = new Map<string, Set<string>>();
  for (const [a, b] of edges) {
    const [ua, ub] = [unit(a), unit(b)];
    if (!ua || !ub || ua === ub) continue;
    if (!graph.has(ua)) graph.set(ua, new Set());
    if (!graph.has(ub)) graph.set(ub, new Set());
    graph.get(ua)!.add(ub);
  }
  let index = 0;
  const stack: string[] = [];
  const meta = new Map<string, { index: number; low: number; onStack: boolean }>();
  const out: string[][] = [];
  const visit = (v: string) => {
    meta.set(v, { index, low: index, onStack: true });
    index++;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!meta.has(w)) {
        visit(w);
        meta.get(v)!.low = Math.min(meta.get(v)!.low, meta.get(w)!.low);
      } else if (meta.get(w)!.onStack) {
        meta.get(v)!.low = Math.min(meta.get(v)!.low, meta.get(w)!.index);
      }
    }
    if (meta.get(v)!.low === meta.get(v)!.index) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        meta.get(w)!.onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) out.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!meta.has(v)) visit(v);
  return out;
}

/** The route a file under app/ belongs to: its path up to the first private (`_x`) folder, else its folder. */
function routeOwner(path: string): string {
  const parts = dirname(path).split('/');
  const privateAt = parts.findIndex((p) => p.startsWith('_'));
  return (privateAt === -1 ? parts : parts.slice(0, privateAt)).join('/');
}

describe('architecture', () => {
  it('finds the import graph (sanity)', () => {
    expect(FILES.length).toBeGreaterThan(100);
    expect(EDGES.some(([a, b]) => a.startsWith('app/') && b.startsWith('lib/'))).toBe(true);
  });

  it('has no folder-level import loop, type-only imports counted', () => {
    expect(folderCycles(EDGES)).toEqual([]);
  });

  it('detects a loop when there is one (the checker itself works)', () => {
    expect(folderCycles([['lib/auth/a.ts', 'lib/actions/b.ts'], ['lib/actions/b.ts', 'lib/auth/c.ts']])).toEqual([['lib/actions', 'lib/auth']]);
  });

  it('reads dynamic import(), require() and template specifiers as imports', () => {
    const source = "const a = await import('@/lib/sandbox/host');\nconst b = require('../lib/db/client');\nconst c = await import(`@/lib/sandbox/${x}`);";
    expect(importsOf('components/x.tsx', source).map(([, to]) => to)).toEqual(['lib/sandbox/host.ts', 'lib/db/client.ts', 'lib/sandbox/index.ts']);
  });

  it('no route imports another route’s private folder', () => {
    const crossings = EDGES.filter(([, to]) => to.startsWith('app/') && to.split('/').some((p) => p.startsWith('_')))
      .filter(([from, to]) => routeOwner(from) !== routeOwner(to))
      .map(([from, to]) => `${from} → ${to}`);
    expect(crossings).toEqual([]);
  });

  it('nothing outside app/ imports a route', () => {
    expect(EDGES.filter(([from, to]) => !from.startsWith('app/') && to.startsWith('app/'))).toEqual([]);
  });

  it('only these import lib/sandbox (the same list as eslint.config.mjs; unit tests aside)', () => {
    const importers = new Set(
      edgesOf(FENCE_FILES)
        .filter(([from, to]) => !from.startsWith('lib/sandbox/') && (to === 'lib/sandbox' || to.startsWith('lib/sandbox/')))
        .map(([from]) => (from.startsWith('scripts/') ? 'scripts/' : from.startsWith('app/sandbox/') ? 'app/sandbox/' : from)),
    );
    expect([...importers].sort()).toEqual(['app/sandbox/', 'instrumentation.ts', 'lib/api/default-client.ts', 'scripts/']);
  });

  it('lib/domain is pure: no React, Next, server-only or database modules, by any kind of import', () => {
    const domain = FILES.filter((f) => f.startsWith('lib/domain/'));
    expect(domain.length).toBeGreaterThan(5);
    const impure = /^(react|react-dom|next|next\/.*|server-only|next-auth|@\/lib\/(db|api|sandbox|auth\/session)(\/.*)?)$/;
    for (const file of domain) {
      const source = readFileSync(join(ROOT, file), 'utf8');
      const specs = [
        ...[...source.matchAll(/(?:^|\n)\s*import\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/g)].map(([, s]) => s),
        ...[...source.matchAll(DYNAMIC_IMPORT)].map(([, literal, template]) => (literal ?? template).replace(/\/$/, '')),
      ];
      expect(specs.filter((s) => impure.test(s)), file).toEqual([]);
      const targets = importsOf(file, source).filter(([, , e]) => !e.typeOnly).map(([, to]) => to);
      expect(targets.filter((to) => /^(app|components|hooks)\/|^lib\/(db|api|sandbox)\/|^lib\/auth\/session/.test(to)), file).toEqual([]);
      expect(source.startsWith("'use client'"), file).toBe(false);
    }
  });

  it('lib/env.ts reaches no feature code: only lib/config, lib/contract and lib/money', () => {
    const seen = new Set<string>();
    const queue = ['lib/env.ts'];
    while (queue.length) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      if (!existsSync(join(ROOT, file))) continue;
      for (const [, to] of importsOf(file, readFileSync(join(ROOT, file), 'utf8'))) queue.push(to);
    }
    expect([...seen].filter((f) => f !== 'lib/env.ts' && !/^lib\/(config|contract|money)\//.test(f))).toEqual([]);
  });
});
