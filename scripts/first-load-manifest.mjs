#!/usr/bin/env node
/**
 * First-load JS of every page of a build, read from the build's own manifests — no server, no browser, no database.
 * `npm run test:first-load` runs it after `npm run build` and fails when a page is over perf-budget.json's
 * `firstLoadJsRatio` (the same file and figure `npm run bench:budget` holds pages to with Lighthouse).
 *
 *   node scripts/first-load-manifest.mjs [--dist-dir .next] [--budget perf-budget.json] [--json]
 *
 * What a page's HTML makes the browser load is, per page in `app-path-routes-manifest.json` (every page the build has,
 * so a page added on another branch is covered as soon as it exists):
 *  - the framework's `rootMainFiles` (`server/app/<page>/build-manifest.json`), and
 *  - every `entryJSFiles` list of the page's client-reference manifest (`server/app/<page>_client-reference-manifest.js`):
 *    the chunks of the root layout, the group layouts, their error / not-found / forbidden boundaries and the page.
 * The noModule polyfill is left out (no supported browser runs it), as scripts/first-load-js.mjs does; sizes are gzip
 * level 9 of each file, counted once per page. The floor is the same sum for the root not-found page (`/_not-found`:
 * the framework and the root layout, nothing of the console), so the ratio compares two pages of one build.
 * `next/dynamic` chunks are not counted: they are fetched after the page (or, with SSR on, preloaded only when the
 * server renders them) — keep what a page needs at load in static imports.
 *
 * scripts/first-load-manifest.test.ts checks this against the HTML a running server sends (e2e-free: a fixture build
 * layout); `npm run bench:first-load` is the live counterpart against a running server.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';

export class FirstLoadManifestError extends Error {}

/** The floor page (root not-found) and pages that are never a first load (Next's global error shell). */
export const FLOOR_PAGE = '/_not-found/page';
const NOT_A_FIRST_LOAD = new Set(['/_global-error/page']);

function readJson(file) {
  if (!existsSync(file)) throw new FirstLoadManifestError(`${file} is missing: run \`npm run build\` first (or pass --dist-dir).`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The client-reference manifest is a script assigning `globalThis.__RSC_MANIFEST[page]`: evaluate it in a fresh context. */
export function readClientReferenceManifest(distDir, page) {
  const file = path.join(distDir, 'server', 'app', `${page}_client-reference-manifest.js`);
  if (!existsSync(file)) throw new FirstLoadManifestError(`${file} is missing: is ${distDir} a complete \`next build\`?`);
  const context = {};
  context.globalThis = context;
  runInNewContext(readFileSync(file, 'utf8'), context, { filename: file });
  const manifest = context.__RSC_MANIFEST?.[page];
  if (!manifest) throw new FirstLoadManifestError(`${file} has no entry for ${page}.`);
  return manifest;
}

/**
 * Whether a page's HTML loads an entry's chunks. The root segment's not-found / forbidden / unauthorized files are not
 * boundaries of other pages in Next 16 (a 404 or 403 renders them as the `/_not-found` page), so only the floor page
 * loads the root not-found; every other entry (layouts, error boundaries, nested not-found, the page) is counted —
 * checked against the HTML of a running server in scripts/first-load-manifest.test.ts.
 */
export function entryLoads(entry, page) {
  const root = /^\[project\]\/app\/(not-found|forbidden|unauthorized)$/.exec(entry);
  if (!root) return true;
  return page === FLOOR_PAGE && root[1] === 'not-found';
}

/** The script files (relative to the dist dir, `static/chunks/…`) a first load of `page` fetches, in a stable order. */
export function pageScripts(distDir, page) {
  const build = readJson(path.join(distDir, 'server', 'app', page, 'build-manifest.json'));
  const polyfills = new Set(build.polyfillFiles ?? []);
  const files = new Set();
  for (const file of build.rootMainFiles ?? []) if (!polyfills.has(file)) files.add(file);
  const rsc = readClientReferenceManifest(distDir, page);
  for (const [entry, chunks] of Object.entries(rsc.entryJSFiles ?? {})) {
    if (!entryLoads(entry, page)) continue;
    for (const file of chunks) if (file.endsWith('.js') && !polyfills.has(file)) files.add(file);
  }
  return [...files];
}

/** Every page of the build (`/(console)/accounts/page` → `/accounts`), the floor aside. */
export function buildPages(distDir) {
  const routes = readJson(path.join(distDir, 'app-path-routes-manifest.json'));
  return Object.entries(routes)
    .filter(([page]) => page.endsWith('/page') && page !== FLOOR_PAGE && !NOT_A_FIRST_LOAD.has(page))
    .map(([page, route]) => ({ page, route }))
    .sort((a, b) => a.route.localeCompare(b.route));
}

export function gzipSizer(distDir) {
  const cache = new Map();
  return (file) => {
    let size = cache.get(file);
    if (size === undefined) {
      const full = path.join(distDir, file);
      if (!existsSync(full)) throw new FirstLoadManifestError(`${full} (named by the manifests) is missing.`);
      size = gzipSync(readFileSync(full), { level: 9 }).length;
      cache.set(file, size);
    }
    return size;
  };
}

export function budgetRatio(budgetFile, route) {
  const override = budgetFile.routes?.[route];
  return (typeof override === 'object' && override?.firstLoadJsRatio) || budgetFile.defaults.firstLoadJsRatio;
}

/** Every page's first-load JS (gzip), its ratio to the floor and whether it is within its budget. */
export function measureBuild(distDir, budgetFile) {
  const size = gzipSizer(distDir);
  const sum = (files) => files.reduce((total, file) => total + size(file), 0);
  const floorFiles = pageScripts(distDir, FLOOR_PAGE);
  const floor = sum(floorFiles);
  const rows = buildPages(distDir).map(({ page, route }) => {
    const files = pageScripts(distDir, page);
    const gzipBytes = sum(files);
    const ratio = gzipBytes / floor;
    const limit = budgetRatio(budgetFile, route);
    // Chunks this page loads that the floor does not, biggest first: where to look when it is over.
    const own = files
      .filter((f) => !floorFiles.includes(f))
      .map((f) => ({ file: f, gzipBytes: size(f) }))
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
    return { route, page, files: files.length, gzipBytes, ratio, limit, over: ratio > limit, own };
  });
  return { floor: { files: floorFiles.length, gzipBytes: floor }, rows };
}

const kB = (bytes) => (bytes / 1000).toFixed(1);

export function renderReport({ floor, rows }) {
  const table = [
    ['route', 'files', 'gzip kB', 'ratio', 'budget', ''],
    ...rows.map((r) => [r.route, String(r.files), kB(r.gzipBytes), `${r.ratio.toFixed(3)}×`, `${r.limit}×`, r.over ? 'OVER' : 'ok']),
    ['floor (/_not-found)', String(floor.files), kB(floor.gzipBytes), '1.000×', '', ''],
  ];
  const widths = table[0].map((_, c) => Math.max(...table.map((row) => row[c].length)));
  const line = (row) => row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ').trimEnd();
  const out = [line(table[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...table.slice(1).map(line)];
  for (const r of rows.filter((row) => row.over)) {
    out.push(`\n${r.route} is over: ${kB(r.gzipBytes)} kB = ${r.ratio.toFixed(3)}× the floor (budget ${r.limit}×). Its chunks beyond the floor's:`);
    for (const o of r.own.slice(0, 8)) out.push(`  ${kB(o.gzipBytes).padStart(6)} kB  ${o.file}`);
  }
  return out.join('\n');
}

export function parseArgs(argv) {
  const args = { distDir: process.env.NEXT_DIST_DIR || '.next', budget: 'perf-budget.json', json: false };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    const next = () => {
      const v = argv[i + 1];
      if (v === undefined || v.startsWith('--')) throw new FirstLoadManifestError(`Missing value for ${a}.`);
      i += 1;
      return v;
    };
    if (a === '--dist-dir') args.distDir = next();
    else if (a === '--budget') args.budget = next();
    else if (a === '--json') args.json = true;
    else throw new FirstLoadManifestError(`Unknown argument ${a}.`);
  }
  return args;
}

export function main(argv = process.argv.slice(2)) {
  const args = parseArgs(argv);
  const budgetFile = readJson(args.budget);
  const result = measureBuild(args.distDir, budgetFile);
  if (args.json) console.log(JSON.stringify(result));
  else console.log(renderReport(result));
  const over = result.rows.filter((r) => r.over);
  // A per-route override keeps CI guarding a page that misses the goal; the goal itself is still said.
  const goal = budgetFile.defaults.firstLoadJsRatio;
  const aboveGoal = result.rows.filter((r) => !r.over && r.ratio > goal);
  if (aboveGoal.length) {
    console.log(`\nwithin their per-route budget but above the ${goal}× goal: ${aboveGoal.map((r) => `${r.route} ${r.ratio.toFixed(3)}×`).join(', ')}`);
  }
  console.log(
    over.length
      ? `\nfirst-load JS: ${over.length} of ${result.rows.length} pages over budget (${args.distDir})`
      : `\nfirst-load JS: all ${result.rows.length} pages within budget; the heaviest is ${Math.max(...result.rows.map((r) => r.ratio)).toFixed(3)}× the floor (${args.distDir})`,
  );
  return over.length ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    process.exitCode = main();
  } catch (error) {
    console.error(error instanceof FirstLoadManifestError ? error.message : `first-load-manifest failed: ${error?.stack ?? error}`);
    process.exitCode = 2;
  }
}
