import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The layout rules of README "Layout", checked on the real import graph. Type-only imports are erased at build
// time and are how lib/domain reads lib/api's wire types, so the loop check follows value imports only. Tests
// and harnesses are left out; they may reach across on purpose.

const ROOT = resolve(__dirname, '..');
const SOURCE_DIRS = ['app', 'components', 'hooks', 'lib'];
const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) return entry === 'node_modules' || entry === 'migrations' ? [] : walk(full);
    return /\.(ts|tsx)$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [full] : [];
  });
}

function resolveModule(from: string, spec: string): string | undefined {
  const base = spec.startsWith('@/') ? join(ROOT, spec.slice(2)) : spec.startsWith('.') ? resolve(dirname(from), spec) : undefined;
  if (!base) return undefined;
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((p) => existsSync(p) && statSync(p).isFile());
}

const FILES = SOURCE_DIRS.flatMap((d) => walk(join(ROOT, d))).filter(
  (f) => !relative(ROOT, f).startsWith('lib/sandbox/testing/') && !relative(ROOT, f).startsWith('lib/sandbox/bench/'),
);
type Edge = [string, string, { typeOnly: boolean }];
const ALL_EDGES: Edge[] = FILES.flatMap((file) => {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(IMPORT)].flatMap(([, typeOnly, a, b]) => {
    const target = resolveModule(file, a ?? b);
    return target ? [[relative(ROOT, file), relative(ROOT, target), { typeOnly: Boolean(typeOnly) }] as Edge] : [];
  });
});
const EDGES: [string, string][] = ALL_EDGES.map(([from, to]) => [from, to]);
const VALUE_EDGES: [string, string][] = ALL_EDGES.filter(([, , e]) => !e.typeOnly).map(([from, to]) => [from, to]);

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

  it('has no folder-level import loop', () => {
    expect(folderCycles(VALUE_EDGES)).toEqual([]);
  });

  it('detects a loop when there is one (the checker itself works)', () => {
    expect(folderCycles([['lib/auth/a.ts', 'lib/actions/b.ts'], ['lib/actions/b.ts', 'lib/auth/c.ts']])).toEqual([['lib/actions', 'lib/auth']]);
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

  it('lib/domain is pure: no React, Next, server-only or database modules', () => {
    const domain = FILES.map((f) => relative(ROOT, f)).filter((f) => f.startsWith('lib/domain/'));
    expect(domain.length).toBeGreaterThan(5);
    for (const file of domain) {
      const source = readFileSync(join(ROOT, file), 'utf8');
      const specs = [...source.matchAll(/(?:^|\n)\s*import\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/g)].map(([, s]) => s);
      expect(specs.filter((s) => /^(react|react-dom|next|next\/.*|server-only|@\/lib\/(db|api|auth\/session)(\/.*)?)$/.test(s)), file).toEqual([]);
      expect(source.startsWith("'use client'"), file).toBe(false);
    }
  });
});
