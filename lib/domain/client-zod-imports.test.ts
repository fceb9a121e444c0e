import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// One classic `zod` import anywhere in a form's client graph brings back the whole ~45 kB (gzip) classic chunk,
// so the graph of each client form that validates with a shared schema must reach zod only through 'zod/mini'.

const ROOT = resolve(__dirname, '../..');
const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/g;

function resolveModule(from: string, spec: string): string | undefined {
  const base = spec.startsWith('@/') ? join(ROOT, spec.slice(2)) : spec.startsWith('.') ? resolve(dirname(from), spec) : undefined;
  if (!base) return undefined;
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((p) => existsSync(p) && statSync(p).isFile());
}

/** Every package specifier reachable from `entry` through project modules, by the module that imports it. */
function clientGraphPackages(entry: string): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const queue = [join(ROOT, entry)];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    // A 'use server' module reaches the browser only as an action reference, not as code.
    if (file !== join(ROOT, entry) && /^\s*['"]use server['"]/.test(source)) continue;
    for (const [, spec] of source.matchAll(IMPORT)) {
      const local = resolveModule(file, spec);
      if (local) queue.push(local);
      else if (!spec.startsWith('.') && !spec.startsWith('@/')) packages.set(spec, [...(packages.get(spec) ?? []), file.slice(ROOT.length + 1)]);
    }
  }
  return packages;
}

const zodSpecs = (packages: Map<string, string[]>) => [...packages.keys()].filter((p) => p === 'zod' || p.startsWith('zod/'));
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

describe('client form graphs use zod/mini only', () => {
  // These forms load their schema on first use (`lazySchema`, components/forms/form-model.ts): no zod in the page's first-load
  // JS at all, and the modules they load later reach zod only as zod/mini.
  it.each([
    'app/(console)/accounts/new/_components/create-account-form.tsx',
    'app/(console)/team/_components/add-user-dialog.tsx',
    'app/(auth)/change-password/_components/change-password-form.tsx',
  ])('%s imports no zod with the page; what it loads on first use reaches zod only as zod/mini', (entry) => {
    expect(zodSpecs(clientGraphPackages(entry))).toEqual([]);
    const lazy = [...readFileSync(join(ROOT, entry), 'utf8').matchAll(DYNAMIC_IMPORT)]
      .map(([, spec]) => resolveModule(join(ROOT, entry), spec))
      .filter((file): file is string => file !== undefined);
    expect(lazy.length).toBeGreaterThan(0);
    const later = new Set(lazy.flatMap((file) => zodSpecs(clientGraphPackages(file.slice(ROOT.length + 1)))));
    expect([...later]).toEqual(['zod/mini']);
  });

  it('the shared schema modules import zod/mini, never classic zod', () => {
    for (const file of [
      'lib/domain/accounts/create-account.ts', 'lib/validation/zod.ts', 'lib/money/zod.ts', 'lib/domain/team/schema.ts',
      'lib/domain/team/password-policy.ts', 'lib/domain/team/change-password-schema.ts',
    ]) {
      const specs = [...readFileSync(join(ROOT, file), 'utf8').matchAll(IMPORT)].map(([, spec]) => spec);
      expect(specs.filter((s) => s === 'zod' || s.startsWith('zod/')), file).toEqual(['zod/mini']);
    }
  });
});
