import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';

interface Row {
  route: string;
  page: string;
  files: number;
  gzipBytes: number;
  ratio: number;
  limit: number;
  over: boolean;
}
interface ManifestModule {
  FLOOR_PAGE: string;
  entryLoads(entry: string, page: string): boolean;
  pageScripts(distDir: string, page: string): string[];
  buildPages(distDir: string): { page: string; route: string }[];
  measureBuild(distDir: string, budget: unknown): { floor: { files: number; gzipBytes: number }; rows: Row[] };
  main(argv: string[]): number;
}

// Plain .mjs (it runs with bare `node` after `npm run build`); imported through a URL so tsc needs no types for it.
const script = (await import(new URL('./first-load-manifest.mjs', import.meta.url).href)) as ManifestModule;

/** Incompressible bytes, so a file's gzip size grows with `n` (a repeated byte would compress to nothing). */
function bytes(n: number, seed: number): string {
  let x = seed * 2654435761;
  let out = '';
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out += String.fromCharCode(33 + (x % 90));
  }
  return out;
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

/**
 * A build directory shaped as Next 16 (Turbopack) writes it: app-path-routes-manifest.json, per page
 * server/app/<page>/build-manifest.json and server/app/<page>_client-reference-manifest.js, chunks under static/.
 * `pages` maps a page to its own entry chunks (on top of the root layout's); `sizes` gives each chunk's length.
 */
function fixture(pages: Record<string, { route: string; entries: Record<string, string[]> }>, sizes: Record<string, number>): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'first-load-manifest-'));
  dirs.push(dist);
  mkdirSync(path.join(dist, 'static', 'chunks'), { recursive: true });
  let seed = 1;
  for (const [file, size] of Object.entries(sizes)) writeFileSync(path.join(dist, file), bytes(size, seed++));
  const routes: Record<string, string> = { '/_global-error/page': '/_global-error', '/api/health/route': '/api/health' };
  for (const [page, { route, entries }] of Object.entries(pages)) {
    routes[page] = route;
    mkdirSync(path.join(dist, 'server', 'app', page), { recursive: true });
    writeFileSync(
      path.join(dist, 'server', 'app', page, 'build-manifest.json'),
      JSON.stringify({ polyfillFiles: ['static/chunks/polyfill.js'], rootMainFiles: ['static/chunks/main.js', 'static/chunks/polyfill.js'] }),
    );
    const manifest = { moduleLoading: { prefix: '' }, clientModules: {}, entryJSFiles: entries, entryCSSFiles: {} };
    writeFileSync(
      path.join(dist, 'server', 'app', `${page}_client-reference-manifest.js`),
      `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST[${JSON.stringify(page)}] = ${JSON.stringify(manifest)};\n`,
    );
  }
  writeFileSync(path.join(dist, 'app-path-routes-manifest.json'), JSON.stringify(routes));
  return dist;
}

const ROOT = {
  '[project]/app/layout': ['static/chunks/root.js'],
  '[project]/app/error': ['static/chunks/root.js', 'static/chunks/root-error.js'],
  '[project]/app/not-found': ['static/chunks/root.js', 'static/chunks/not-found.js'],
  '[project]/app/forbidden': ['static/chunks/root.js', 'static/chunks/not-found.js'],
};
const SIZES = {
  'static/chunks/main.js': 20_000,
  'static/chunks/polyfill.js': 30_000,
  'static/chunks/root.js': 2_000,
  'static/chunks/root-error.js': 1_000,
  'static/chunks/not-found.js': 1_000,
  'static/chunks/console.js': 2_000,
  'static/chunks/list.js': 1_000,
  'static/chunks/form.js': 8_000,
};
const gz = (dist: string, files: string[]) => files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length, 0);

function consoleBuild(extraPages: Record<string, { route: string; entries: Record<string, string[]> }> = {}) {
  const consoleLayout = { '[project]/app/(console)/layout': ['static/chunks/root.js', 'static/chunks/console.js'] };
  return fixture(
    {
      '/_not-found/page': { route: '/_not-found', entries: ROOT },
      '/(console)/accounts/page': {
        route: '/accounts',
        entries: { ...ROOT, ...consoleLayout, '[project]/app/(console)/accounts/page': ['static/chunks/console.js', 'static/chunks/list.js'] },
      },
      '/(console)/accounts/new/page': {
        route: '/accounts/new',
        entries: { ...ROOT, ...consoleLayout, '[project]/app/(console)/accounts/new/page': ['static/chunks/console.js', 'static/chunks/form.js'] },
      },
      ...extraPages,
    },
    SIZES,
  );
}

describe('first-load JS from the build manifests', () => {
  it('counts the framework, every layout, boundary and page chunk once, without the polyfill', () => {
    const dist = consoleBuild();
    expect(script.pageScripts(dist, '/(console)/accounts/page').sort()).toEqual(
      ['static/chunks/console.js', 'static/chunks/list.js', 'static/chunks/main.js', 'static/chunks/root-error.js', 'static/chunks/root.js'].sort(),
    );
    const { floor, rows } = script.measureBuild(dist, { defaults: { firstLoadJsRatio: 2 } });
    // The floor is the root not-found page: framework, root layout and its boundaries, the not-found chunk.
    const floorFiles = ['static/chunks/main.js', 'static/chunks/root.js', 'static/chunks/root-error.js', 'static/chunks/not-found.js'];
    expect(script.pageScripts(dist, script.FLOOR_PAGE).sort()).toEqual(floorFiles.sort());
    expect(floor).toEqual({ files: 4, gzipBytes: gz(dist, floorFiles) });
    const accounts = rows.find((r) => r.route === '/accounts')!;
    expect(accounts.files).toBe(5);
    expect(accounts.gzipBytes).toBe(gz(dist, script.pageScripts(dist, '/(console)/accounts/page')));
    expect(accounts.ratio).toBeCloseTo(accounts.gzipBytes / floor.gzipBytes, 10);
  });

  it('leaves the root not-found and forbidden files out of every page but the floor (Next serves them as /_not-found)', () => {
    expect(script.entryLoads('[project]/app/not-found', '/(console)/accounts/page')).toBe(false);
    expect(script.entryLoads('[project]/app/forbidden', '/(console)/accounts/page')).toBe(false);
    expect(script.entryLoads('[project]/app/not-found', script.FLOOR_PAGE)).toBe(true);
    expect(script.entryLoads('[project]/app/(console)/not-found', '/(console)/accounts/page')).toBe(true);
    expect(script.entryLoads('[project]/app/error', '/(console)/accounts/page')).toBe(true);
  });

  it('covers every page of the build, including ones no list names (a page added on another branch)', () => {
    const dist = consoleBuild({
      '/(console)/payouts/batches/[batchId]/page': {
        route: '/payouts/batches/[batchId]',
        entries: { ...ROOT, '[project]/app/(console)/payouts/batches/[batchId]/page': ['static/chunks/form.js'] },
      },
    });
    expect(script.buildPages(dist).map((p) => p.route)).toEqual(['/accounts', '/accounts/new', '/payouts/batches/[batchId]']);
  });

  it('fails (exit 1) when a page is over its ratio, passes when the budget or a per-route override allows it', () => {
    const dist = consoleBuild();
    const { floor, rows } = script.measureBuild(dist, { defaults: { firstLoadJsRatio: 100 } });
    const form = rows.find((r) => r.route === '/accounts/new')!.gzipBytes / floor.gzipBytes;
    const list = rows.find((r) => r.route === '/accounts')!.gzipBytes / floor.gzipBytes;
    expect(form).toBeGreaterThan(list);
    const between = (form + list) / 2;
    const budgetFile = path.join(dist, 'budget.json');
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);

    writeFileSync(budgetFile, JSON.stringify({ defaults: { firstLoadJsRatio: between } }));
    expect(script.main(['--dist-dir', dist, '--budget', budgetFile])).toBe(1);
    expect(log.mock.calls.flat().join('\n')).toMatch(/\/accounts\/new is over/);

    writeFileSync(budgetFile, JSON.stringify({ defaults: { firstLoadJsRatio: between }, routes: { '/accounts/new': { firstLoadJsRatio: form + 0.01 } } }));
    expect(script.main(['--dist-dir', dist, '--budget', budgetFile])).toBe(0);

    writeFileSync(budgetFile, JSON.stringify({ defaults: { firstLoadJsRatio: form + 0.01 } }));
    expect(script.main(['--dist-dir', dist, '--budget', budgetFile])).toBe(0);
  });

  it('says plainly when there is no build to read', () => {
    expect(() => script.main(['--dist-dir', path.join(tmpdir(), 'no-such-build-dir')])).toThrow(/npm run build/);
  });
});
