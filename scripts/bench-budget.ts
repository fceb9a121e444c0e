/**
 * `npm run bench:budget` — the performance budget every console page is held to (perf-budget.json).
 *
 * 1. Builds the console into `.next` unless a build newer than every source file is there (--build forces one,
 *    --no-build refuses to build).
 * 2. Starts it (`next start`, embedded sandbox with its demo data) on its own port and a fresh data directory.
 * 3. Discovers the pages from the route → permission table (lib/auth/routes.ts CONSOLE_ROUTES) plus /login, signs in
 *    as each demo role that may open a page, and fills in one real id for dynamic segments (ID_RESOLVERS below;
 *    a new `[param]` needs a resolver there).
 * 4. For each page and role: Lighthouse mobile (its default preset: simulated slow 4G, 4× CPU slowdown), on Debian's
 *    Chromium, `--runs` times (default 5), median performance and accessibility scores, LCP, TBT and CLS (with the
 *    min–max spread of performance and TBT beside each median); and the
 *    first-load JS (gzip) as scripts/first-load-js.mjs counts it. The floor is the first-load JS of a bare page of
 *    the same build (the root not-found page: framework + root layout only), measured in the same run.
 * 5. Prints one table, compares each row with perf-budget.json, prints "met / not met" per goal (Lighthouse +
 *    TBT medians; first-load JS ratio) with the load average at the start and the end, and exits 1 when any page is
 *    over budget.
 *
 * A benchmark, not part of `npm test`: about 15 s per Lighthouse run on 2 cores, so the full table (every page ×
 * role × 3 runs) takes several minutes. Narrow it with --routes and --roles.
 *
 * Flags: --port (3700; the console), --chrome-port (port + 1; Chromium's DevTools), --runs (5), --routes /,/accounts
 * (patterns as in the table, /login included), --roles admin,viewer, --build, --no-build, --json <file> (results),
 * --dist-dir (.next; another build directory, e.g. the one bench:proxy makes), --details (print Lighthouse's main-thread
 * breakdown, the costliest scripts and the long tasks of every run), --order rounds|pages (rounds: run k of every page
 * before run k+1, each round opened by a run of the framework floor; pages: all runs of one page, then the next),
 * --traces <dir> (save every run's trace there, numbered in run order, with V8's CPU samples in it), --content-floor
 * (rounds only: each round also measures the content floor, bare Next serving the markup of a list page — about 675
 * elements, no client component, scripts/bench-floor/app/table — to tell what a page's size costs the framework alone
 * from what the console adds), --lantern (print, for every run, the requests Lighthouse's simulation counted as needed for
 * the largest paint, with their simulated times: what its LCP is made of). Everything it starts is stopped by pid on
 * exit.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir, loadavg, cpus } from 'node:os';
import path from 'node:path';
import { generate as generateTotp } from 'otplib';
import { demoTotpSecret } from '../lib/auth/factors/secret-box';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page as PlaywrightPage } from '@playwright/test';
import { CONSOLE_ROUTES } from '../lib/auth/routes';
import { can, type Role } from '../lib/auth/permissions';
import { DEMO_USER_BY_ROLE } from '../lib/team/demo-users';
import { TIME_ZONE_COOKIE } from '../lib/i18n/config';

const { values: flags } = parseArgs({
  options: {
    port: { type: 'string', default: '3700' },
    'chrome-port': { type: 'string' },
    runs: { type: 'string', default: '5' },
    routes: { type: 'string' },
    roles: { type: 'string' },
    build: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    json: { type: 'string' },
    'dist-dir': { type: 'string', default: '.next' },
    details: { type: 'boolean', default: false },
    order: { type: 'string', default: 'rounds' },
    'content-floor': { type: 'boolean', default: false },
    traces: { type: 'string' },
    lantern: { type: 'boolean', default: false },
  },
});

const ROOT = process.cwd();
const PORT = Number(flags.port);
const CHROME_PORT = Number(flags['chrome-port'] ?? PORT + 1);
const BASE = `http://localhost:${PORT}`;
const RUNS = Math.max(1, Number(flags.runs));
/**
 * `rounds` (the default): run k of every page, then run k+1 of every page, each round opened by one run of the
 * framework floor, so a machine that slows down half-way through a 40-minute table slows every page's runs alike
 * instead of the pages measured last. `pages`: every run of one page, then the next page (the order of earlier stops).
 */
const ORDER = flags.order;
if (ORDER !== 'rounds' && ORDER !== 'pages') throw new Error(`--order is rounds or pages, not ${ORDER}`);
const CONTENT_FLOOR = flags['content-floor'];
if (CONTENT_FLOOR && ORDER !== 'rounds') throw new Error('--content-floor is measured in rounds (--order rounds)');
const DATA_DIR = path.join(ROOT, `.data-budget-${PORT}`);
const DIST_DIR = flags['dist-dir'];
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Any path no page has: the root not-found page is the bare page of this app (root layout, no client code of ours). */
const FLOOR_PATH = '/__bench-budget-floor';
// The framework floor for Lighthouse: scripts/bench-floor's bare page (bare Next, no code of ours), built with webpack
// into its own dist dir as bench:proxy builds it, served on port + 2 and measured in the same run as the pages.
const FLOOR_APP_DIR = path.join(ROOT, 'scripts', 'bench-floor');
const FLOOR_APP_DIST = '.next-floor';
const FLOOR_APP_PORT = PORT + 2;
const ROLES: readonly Role[] = ['admin', 'compliance', 'finance', 'viewer'];

// ---------------------------------------------------------------------------------------------- budget file

export interface Budget {
  performance: number;
  accessibility: number;
  firstLoadJsRatio: number;
  maxLcpMs?: number;
  maxTbtMs?: number;
  maxCls?: number;
}
interface BudgetFile {
  defaults: Budget;
  routes?: Record<string, Partial<Budget>>;
}

function budgetFor(file: BudgetFile, pattern: string): Budget {
  return { ...file.defaults, ...(file.routes?.[pattern] ?? {}) };
}

// ---------------------------------------------------------------------------------------------- processes

const children: ChildProcess[] = [];
let stopping = false;

function start(name: string, command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group: stopping it stops what it spawned
  });
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    tail.push(chunk.toString());
    if (tail.length > 40) tail.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', (code) => {
    if (code && !stopping) console.error(`[budget] ${name} exited with ${code}:\n${tail.join('').slice(-2000)}`);
  });
  children.push(child);
  return child;
}

function stopAll(): void {
  stopping = true;
  for (const child of children) {
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    }
  }
}
process.on('exit', stopAll);
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Timed out waiting for ${url}`);
}

// ---------------------------------------------------------------------------------------------- build

/** The newest modification time of the files a build is made from (tracked or not, ignored files aside). */
function newestSourceMtime(): number {
  const listed = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'app', 'lib', 'components', 'hooks', 'messages', 'public', 'proxy.ts', 'instrumentation.ts', 'next.config.mjs', 'package-lock.json', 'tailwind.config.ts', 'postcss.config.mjs'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  let newest = 0;
  for (const file of listed.stdout.split('\n')) {
    if (!file || file.endsWith('.test.ts')) continue;
    try {
      newest = Math.max(newest, statSync(path.join(ROOT, file)).mtimeMs);
    } catch {
      /* deleted in the work tree */
    }
  }
  return newest;
}

function ensureBuild(): void {
  const buildId = path.join(ROOT, DIST_DIR, 'BUILD_ID');
  const fresh = existsSync(buildId) && statSync(buildId).mtimeMs >= newestSourceMtime();
  if (fresh && !flags.build) {
    console.log(`[budget] reusing the build in ${DIST_DIR} (newer than every source file)`);
    return;
  }
  if (flags['no-build']) {
    // An older build on purpose (a copy of main's, to compare before and after in one window of machine load).
    if (existsSync(buildId)) {
      console.warn(`[budget] ${DIST_DIR} is older than the sources: measuring it as it is (--no-build)`);
      return;
    }
    throw new Error(`${DIST_DIR} is missing, and --no-build was given`);
  }
  console.log(`[budget] building into ${DIST_DIR} …`);
  const build = spawnSync(process.execPath, [path.join('node_modules', 'next', 'dist', 'bin', 'next'), 'build'], {
    cwd: ROOT,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NEXT_DIST_DIR: DIST_DIR },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`next build failed:\n${(build.stdout + build.stderr).slice(-3000)}`);
}

// ---------------------------------------------------------------------------------------------- first-load JS

interface CookieJarLike {
  header(): string;
}
interface FirstLoadModule {
  extractScriptUrls(html: string, pageUrl: string): string[];
  signIn(opts: { base: string; email: string; password: string; totp?: (attempt: number) => Promise<string> }): Promise<CookieJarLike>;
  measureRoute(opts: { base: string; route: string; cookie?: string; cache?: Map<string, unknown> }): Promise<{ gzipBytes: number }>;
}
// Plain .mjs (it runs with bare `node`); imported through a URL so tsc needs no types for it.
const firstLoad = (await import(new URL('./first-load-js.mjs', import.meta.url).href)) as FirstLoadModule;
const scriptCache = new Map<string, unknown>();

/**
 * A demo user signs in with the password and the seeded authenticator app, whose secret this script derives from the
 * server's generated NEXTAUTH_SECRET in DATA_DIR (as `npm run demo:totp` does).
 */
async function signInDemo(user: { email: string; password: string }): Promise<CookieJarLike> {
  const secret = demoTotpSecret(readFileSync(path.join(DATA_DIR, 'nextauth-secret'), 'utf8').trim(), user.email);
  const totp = async (attempt: number) => {
    // The current step, the next one (accepted one step ahead), then wait for a new step.
    if (attempt >= 2) await new Promise((resolve) => setTimeout(resolve, (31 - (Math.floor(Date.now() / 1000) % 30)) * 1000));
    return generateTotp({ secret, epoch: Math.floor(Date.now() / 1000) + (attempt === 1 ? 30 : 0) });
  };
  return firstLoad.signIn({ base: BASE, email: user.email, password: user.password, totp });
}

/** The bare page answers 404, which measureRoute refuses: same counting, status aside. */
async function floorGzipBytes(cookie: string): Promise<number> {
  const pageUrl = new URL(FLOOR_PATH, BASE).href;
  const res = await fetch(pageUrl, { redirect: 'manual', headers: { cookie } });
  if (res.status !== 404) throw new Error(`the floor page ${FLOOR_PATH} answered ${res.status}, expected the not-found page`);
  let total = 0;
  for (const url of firstLoad.extractScriptUrls(await res.text(), pageUrl)) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    total += gzipSync(body, { level: 9 }).length;
  }
  return total;
}

// ---------------------------------------------------------------------------------------------- pages

interface Page {
  pattern: string;
  role: Role | 'signed-out';
  path: string;
}

type Get = (pathname: string) => Promise<unknown>;

/** One real id per dynamic segment, fetched as the role being measured. A new `[param]` adds a line here. */
/**
 * One real id per dynamic segment. Most are read the way a user finds them: the first link to a detail page on the
 * page that lists them (the demo data has operations, a deposit, beneficiaries and a webhook subscription).
 */
const ID_RESOLVERS: Record<string, (get: Get, html: GetHtml, pattern: string) => Promise<string | undefined>> = {
  accountId: async (get) => ((await get('/api/accounts?limit=1')) as { data: { id: string }[] }).data[0]?.id,
  operationId: async (get, _html, pattern) =>
    (
      (await get(pattern.startsWith('/deposits/') ? '/api/operations?intentType=DEPOSIT&limit=1' : '/api/operations?limit=1')) as {
        data: { id: string }[];
      }
    ).data[0]?.id,
  beneficiaryId: (_get, html) => firstLink(html, '/beneficiaries', '/beneficiaries/'),
  // The demo data has no payout: when the list is empty, the demo finance user requests one (see requestPayout).
  payoutId: async (_get, html) => (await firstLink(html, '/payouts?view=all', '/payouts/', 5_000)) ?? requestPayout(),
  subscriptionId: (_get, html) => firstLink(html, '/webhooks', '/webhooks/'),
  // The demo data has no batch payout either: when the list is empty, the demo finance user uploads one (requestBatch).
  batchId: async (_get, html) => (await firstLink(html, '/payouts/batches', '/payouts/batches/', 0)) ?? requestBatch(),
};

type GetHtml = (pathname: string) => Promise<string>;

async function firstLink(html: GetHtml, listPath: string, prefix: string, waitMs = 60_000): Promise<string | undefined> {
  // The demo data is seeded in the background at start-up: give it a minute.
  const deadline = Date.now() + waitMs;
  const pattern = new RegExp(`href="${prefix.replace(/[/?]/g, '\\$&')}([0-9A-Za-z_-]{8,})"`);
  for (;;) {
    const found = pattern.exec(await html(listPath))?.[1];
    if (found && found !== 'new') return found;
    if (Date.now() > deadline) return undefined;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** A `Cookie` header (`a=1; b=2`) as cookies for a Chromium context on this console. */
function browserCookies(cookie: string): { name: string; value: string; url: string }[] {
  return cookie.split(/;\s*/).map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: BASE };
  });
}

/**
 * Something the demo finance user makes on the console's own pages, in a browser of its own (the demo data has no
 * payout and no batch to open): `make` fills the page and returns the new thing's id. Undefined, with a note, when it
 * cannot (the page is then skipped, as for any id the demo data lacks).
 */
async function asDemoFinance(what: string, make: (page: PlaywrightPage) => Promise<string | undefined>): Promise<string | undefined> {
  const cookie = (await signInDemo(DEMO_USER_BY_ROLE.finance)).header();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ baseURL: BASE, locale: 'en-US' });
    await context.addCookies(browserCookies(cookie));
    const id = await make(await context.newPage());
    console.log(`[budget] made ${what} as the demo finance user, to measure its page`);
    return id;
  } catch (error) {
    console.warn(`[budget] could not make ${what}: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  } finally {
    await browser.close();
  }
}

/**
 * A payout request made the way a user makes one: /payouts/new with the funded demo account, the first beneficiary
 * with an approved key, 10.00. It waits for approval, which is what its detail page shows most of the time.
 */
const requestPayout = () =>
  asDemoFinance('a payout request', async (page) => {
    await page.goto('/payouts/new');
    // The demo data's funded account (lib/sandbox/seed): others may be empty.
    const account = page.locator('#sourceAccountId');
    const funded = await account.locator('option', { hasText: 'Acme Importação Ltda' }).first().getAttribute('value');
    if (funded) await account.selectOption(funded);
    // The beneficiaries' keys are reviewed by the sandbox a few seconds after start-up: wait for one to be payable.
    const beneficiary = page.locator('#beneficiaryId option:not([disabled])[value]:not([value=""])').first();
    await beneficiary.waitFor({ state: 'attached', timeout: 30_000 });
    await page.locator('#beneficiaryId').selectOption((await beneficiary.getAttribute('value'))!);
    await page.locator('#instructionId option:not([disabled])[value]:not([value=""])').first().waitFor({ state: 'attached' });
    await page.locator('#amount').fill('10.00');
    await page.locator('#memo').fill('bench:budget');
    // The payout form's own submit button (the shell has other forms: the user menu's sign-out).
    await page.locator('form', { has: page.locator('#amount') }).locator('button[type="submit"]').click();
    await page.waitForURL(/\/payouts\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    return page.url().split('/').pop();
  });

/**
 * A batch payout of one row to the demo data's beneficiary, uploaded on /payouts/batches/new (as
 * e2e/payout-batches.spec.ts does); its page waits for approval, which is what a batch's page usually shows.
 */
const requestBatch = () =>
  asDemoFinance('a batch payout', async (page) => {
    await page.goto('/payouts/batches/new');
    await page.locator('#batch-account').selectOption({ label: 'Acme Importação Ltda' });
    const file = 'tax_id,pix_key,amount,asset,memo\n39053344705,joao.pereira@example.com,10.00,BRL,bench:budget\n';
    // The form is in the page's HTML before its code; its picker is enabled once it can take the file.
    await page.locator('[data-testid="batch-file-input"]:not([disabled])').waitFor({ state: 'attached', timeout: 30_000 });
    await page.getByTestId('batch-file-input').setInputFiles({ name: 'bench.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await page.getByRole('button', { name: 'Check the file' }).click();
    // Enabled once every row can be paid (the demo beneficiary's key is reviewed a few seconds after start-up).
    await page.getByRole('button', { name: 'Request approval' }).click({ timeout: 30_000 });
    await page.waitForURL(/\/payouts\/batches\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    return page.url().split('/').pop();
  });

/** A page's path with real ids, or undefined (and a note) when the demo data has none to show. */
async function resolvePath(pattern: string, get: Get, html: GetHtml): Promise<string | undefined> {
  let resolved = pattern;
  for (const [, param] of pattern.matchAll(/\[([^\]]+)\]/g)) {
    const resolver = ID_RESOLVERS[param];
    if (!resolver) throw new Error(`no id for [${param}] in ${pattern}: add a resolver to ID_RESOLVERS in scripts/bench-budget.ts`);
    const id = await resolver(get, html, pattern);
    if (!id) {
      console.warn(`[budget] skipped ${pattern}: the demo data has no ${param} to open`);
      return undefined;
    }
    resolved = resolved.replace(`[${param}]`, encodeURIComponent(id));
  }
  return resolved;
}

// ---------------------------------------------------------------------------------------------- Lighthouse

interface LighthouseResult {
  lhr: {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { numericValue?: number; score?: number | null; displayValue?: string; details?: { items?: Record<string, unknown>[] } }>;
    runtimeError?: { message: string };
    finalDisplayedUrl?: string;
  };
  artifacts: { Trace: unknown };
}
type LighthouseFn = (url: string, flags: Record<string, unknown>) => Promise<LighthouseResult | undefined>;

interface Sample {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

async function startChromium(): Promise<void> {
  const profile = mkdtempSync(path.join(tmpdir(), 'bench-budget-chromium-'));
  process.on('exit', () => {
    // Chromium may still be writing its profile as it stops: a leftover temp directory must not turn the exit code into 2.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      /* left in the temp directory */
    }
  });
  start('chromium', CHROMIUM, [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    `--remote-debugging-port=${CHROME_PORT}`,
    `--user-data-dir=${profile}`,
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-default-apps',
    '--disable-sync',
    '--no-first-run',
    'about:blank',
  ]);
  await waitFor(`http://127.0.0.1:${CHROME_PORT}/json/version`, 30_000);
}

/**
 * The signed-in session goes into Chromium's cookie jar, not into Lighthouse's `extraHeaders`: Chromium drops a
 * Cookie header set that way, so every page was measured as the sign-in page it redirects to. Lighthouse's storage
 * reset is off (it would clear the cookie), so the HTTP cache is cleared here before every run instead, and a run
 * that does not end on the page asked for is an error rather than a figure.
 */
let cdp: { browser: Browser; context: BrowserContext } | undefined;

async function lighthouseOnce(lighthouse: LighthouseFn, url: string, cookie: string | undefined): Promise<Sample> {
  if (!cdp) {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${CHROME_PORT}`);
    const context = browser.contexts()[0]!;
    cdp = { browser, context };
  }
  await cdp.context.clearCookies();
  if (cookie) {
    await cdp.context.addCookies(browserCookies(cookie));
  }
  const blank = cdp.context.pages()[0] ?? (await cdp.context.newPage());
  if (cookie) {
    // A user who signed in through /login carries the time-zone cookie that page set (components/i18n/
    // time-zone-cookie.tsx); without it every run would measure a first visit's one-off refresh to the browser's zone.
    const zone = await blank.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await cdp.context.addCookies([{ name: TIME_ZONE_COOKIE, value: encodeURIComponent(zone), url: BASE }]);
  }
  const pageSession = await cdp.context.newCDPSession(blank);
  await pageSession.send('Network.clearBrowserCache');
  await pageSession.detach();
  const result = await lighthouse(url, {
    port: CHROME_PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    disableStorageReset: true,
    // --traces: V8's sampling profiler in the trace too, so each task can be read by the functions it ran (it costs the
    // page some time: such runs are for reading, not for the table).
    ...(flags.traces ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  const landed = new URL(lhr.finalDisplayedUrl ?? url);
  if (landed.pathname !== new URL(url).pathname) throw new Error(`Lighthouse measured ${landed.pathname}${landed.search}, not ${url} (signed out?)`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  if (flags.details) printDetails(url, lhr.audits);
  if (flags.traces) saveTrace(url, result.artifacts.Trace);
  if (flags.lantern) await printLantern(url);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  };
}

type LanternNode = { type: string; request?: { url: string; transferSize?: number; resourceType?: string } };
type LanternModule = { Simulation: { Simulator: { allNodeTimings: Map<string, Map<LanternNode, { startTime: number; endTime: number }>> } } };

/**
 * --lantern: what Lighthouse's simulation counted as needed for the largest paint (its pessimistic and optimistic
 * graphs; the reported LCP is their mean). It counts every request that finished before the paint it observed
 * unless it can see that the script ran after that paint, so on loopback the same page's LCP moves with whether its
 * chunks happened to arrive before the first frame was presented.
 */
async function printLantern(url: string): Promise<void> {
  const lantern = (await import('lighthouse/core/lib/lantern/lantern.js' as string)) as LanternModule;
  const summaries = new Set<string>();
  for (const kind of ['pessimistic', 'optimistic']) {
    const timings = lantern.Simulation.Simulator.allNodeTimings.get(`${kind}LargestContentfulPaint`);
    if (!timings) continue;
    const requests = [...timings.entries()].filter(([node]) => node.type === 'network').sort((a, b) => a[1].endTime - b[1].endTime);
    const kB = (list: typeof requests) => (list.reduce((sum, [node]) => sum + (node.request!.transferSize ?? 0), 0) / 1000).toFixed(1);
    const scripts = requests.filter(([node]) => node.request!.resourceType === 'Script');
    const end = Math.round(Math.max(...[...timings.values()].map((t) => t.endTime)));
    const summary = `${end} ms: ${requests.length} requests (${kB(requests)} kB), of them ${scripts.length} scripts (${kB(scripts)} kB)`;
    // The two graphs usually hold the same requests: print the second only when it differs.
    if (summaries.has(summary)) continue;
    summaries.add(summary);
    console.log(`  lantern ${url.replace(BASE, '') || '/'}, ${kind} LCP graph ${summary}`);
    for (const [node, t] of requests) {
      const size = ((node.request!.transferSize ?? 0) / 1000).toFixed(1);
      console.log(`    ${String(Math.round(t.startTime)).padStart(5)}–${String(Math.round(t.endTime)).padStart(5)} ms ${node.request!.url.replace(BASE, '')} (${size} kB)`);
    }
  }
}

let tracesSaved = 0;
/** --traces <dir>: each run's trace as Lighthouse recorded it, for reading what ran before the first paint. */
function saveTrace(url: string, trace: unknown): void {
  mkdirSync(flags.traces!, { recursive: true });
  const name = `${String(++tracesSaved).padStart(3, '0')}${new URL(url).pathname.replace(/[^a-z0-9]+/gi, '_')}.json`;
  writeFileSync(path.join(flags.traces!, name), JSON.stringify(trace));
}

/** --details: where the main thread went (Lighthouse's own breakdowns), to see what to fix on a slow page. */
function printDetails(url: string, audits: LighthouseResult['lhr']['audits']): void {
  const items = (id: string) => audits[id]?.details?.items ?? [];
  const ms = (v: unknown) => `${Math.round(Number(v))} ms`;
  const work = items('mainthread-work-breakdown')
    .slice(0, 5)
    .map((i) => `${String(i.groupLabel ?? i.group)} ${ms(i.duration)}`);
  const scripts = items('bootup-time')
    .slice(0, 5)
    .map((i) => `${String(i.url).replace(BASE, '').slice(-60)} ${ms(i.total)} (script ${ms(i.scripting)})`);
  const longTasks = items('long-tasks')
    .slice(0, 6)
    .map((i) => `${String(i.url ?? '').replace(BASE, '').slice(-50)} @${ms(i.startTime)} ${ms(i.duration)}`);
  // The score is a weighted mix of these five metrics: each with its value and its own 0–100 score.
  const metrics = ['first-contentful-paint', 'speed-index', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']
    .map((id) => `${id.split('-').map((w) => w[0]).join('').toUpperCase()} ${audits[id]?.displayValue ?? '?'} (${Math.round((audits[id]?.score ?? 0) * 100)})`);
  console.log(`[budget] details ${url.replace(BASE, '')}\n  metrics: ${metrics.join(', ')}`);
  // What the unthrottled load observed, from which Lighthouse simulates the figures above.
  const observed = (audits.metrics?.details?.items?.[0] ?? {}) as Record<string, number>;
  const seen = ['FirstContentfulPaint', 'LargestContentfulPaint', 'DomContentLoaded', 'Load']
    .map((k) => `${k.replace(/[a-z]/g, '')} ${Math.round(observed[`observed${k}`] ?? Number.NaN)} ms`);
  console.log(`  observed: ${seen.join(', ')}`);
  console.log(`  main thread: ${work.join(', ')}\n  scripts: ${scripts.join(' | ')}`);
  console.log(`  long tasks: ${longTasks.join(' | ')}`);
  const shifts = items('layout-shifts').map((i) => {
    const node = i.node as { snippet?: string; selector?: string } | undefined;
    return `${Number(i.score).toFixed(3)} ${node?.selector ?? '?'} ${String(node?.snippet ?? '').slice(0, 80)}`;
  });
  if (shifts.length) console.log(`  layout shifts: ${shifts.join(' | ')}`);
  // The element of the largest paint: Lighthouse 13's LCP breakdown insight lists the phases, then the node.
  const lcpParts = (audits['lcp-breakdown-insight']?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  const lcpNode = lcpParts.find((i) => i.type === 'node') as { snippet?: string; selector?: string } | undefined;
  const phases = ((lcpParts.find((i) => i.type === 'table') as { items?: { subpart?: string; duration?: number }[] } | undefined)?.items ?? [])
    .map((p) => `${p.subpart} ${ms(p.duration)}`);
  if (lcpNode) console.log(`  LCP element: ${lcpNode.selector ?? '?'} ${String(lcpNode.snippet ?? '').slice(0, 100)} (${phases.join(', ')})`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

// ---------------------------------------------------------------------------------------------- report

interface Row extends Page, Sample {
  jsGzip: number;
  ratio: number;
  over: string[];
  /** Every run's performance score and TBT, for the spread beside the medians. */
  runs: Pick<Sample, 'performance' | 'tbtMs'>[];
}

/** `min–max` of the runs, beside a median. */
function spread(values: number[], format: (v: number) => string): string {
  if (values.length < 2) return '';
  return ` (${format(Math.min(...values))}–${format(Math.max(...values))})`;
}

export function overBudget(row: Sample & { ratio: number }, budget: Budget): string[] {
  const over: string[] = [];
  if (row.performance < budget.performance) over.push(`performance ${row.performance} < ${budget.performance}`);
  if (row.accessibility < budget.accessibility) over.push(`accessibility ${row.accessibility} < ${budget.accessibility}`);
  if (row.ratio > budget.firstLoadJsRatio) over.push(`first-load JS ${row.ratio.toFixed(2)}× > ${budget.firstLoadJsRatio}×`);
  if (budget.maxLcpMs !== undefined && row.lcpMs > budget.maxLcpMs) over.push(`LCP ${Math.round(row.lcpMs)} ms > ${budget.maxLcpMs} ms`);
  if (budget.maxTbtMs !== undefined && row.tbtMs > budget.maxTbtMs) over.push(`TBT ${Math.round(row.tbtMs)} ms > ${budget.maxTbtMs} ms`);
  if (budget.maxCls !== undefined && row.cls > budget.maxCls) over.push(`CLS ${row.cls.toFixed(3)} > ${budget.maxCls}`);
  return over;
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

type FloorPage = { performance: number; tbtMs: number; lcpMs: number; runs: Pick<Sample, 'performance' | 'tbtMs'>[] };

type Medians = { performance: number; tbtMs: number; runs: Pick<Sample, 'performance' | 'tbtMs'>[] };
/** A median performance score with its runs' spread (a page's row or the floor's). */
const scoreText = (m: Medians) => `${m.performance}${spread(m.runs.map((x) => x.performance), String)}`;
/** A median TBT with its runs' spread. */
const tbtText = (m: Medians) => `${Math.round(m.tbtMs)} ms${spread(m.runs.map((x) => x.tbtMs), (v) => String(Math.round(v)))}`;

/** The framework floor's measurements of this run: first and last (--order pages), or one run per round (rounds). */
type Floors = { when: string; page: FloorPage }[];

function renderTable(rows: Row[], floor: number, floors: Floors, contentFloor: FloorPage | null): string {
  const lines = [
    '| route | role | performance (min–max) | accessibility | LCP | TBT (min–max) | CLS | first-load JS (gzip) | budget |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.pattern} | ${r.role} | ${scoreText(r)} | ${r.accessibility} | ${(r.lcpMs / 1000).toFixed(2)} s | ${tbtText(r)} | ` +
        `${r.cls.toFixed(3)} | ${kB(r.jsGzip)} kB (${r.ratio.toFixed(2)}×) | ${r.over.length ? `**over**: ${r.over.join('; ')}` : 'ok'} |`,
    );
  }
  lines.push(`| floor (${FLOOR_PATH}, bare page) | — | — | — | — | — | — | ${kB(floor)} kB (1.00×) | — |`);
  for (const { when, page: f } of floors) {
    lines.push(
      `| framework floor (bare Next page, scripts/bench-floor; ${when}) | — | ${scoreText(f)} | — | ${(f.lcpMs / 1000).toFixed(2)} s | ${tbtText(f)} | — | — | — |`,
    );
  }
  if (contentFloor) {
    lines.push(
      `| content floor (bare Next, a list page's markup, scripts/bench-floor/app/table; one run per round) | — | ${scoreText(contentFloor)} | — | ${(contentFloor.lcpMs / 1000).toFixed(2)} s | ${tbtText(contentFloor)} | — | — | — |`,
    );
  }
  return lines.join('\n');
}

/**
 * The issue's goals, each said as met or not met for this run (perf-budget.json holds the figures): (1) Lighthouse
 * performance at the median ≥ the budget and TBT at the median ≤ maxTbtMs on every measured page; (2) first-load JS
 * ≤ firstLoadJsRatio × the floor of this run on every measured page.
 */
function goalLines(rows: Row[], budgets: BudgetFile, loadStart: number, loadEnd: number, floors: Floors, contentFloor: FloorPage | null): string[] {
  const load = `load average ${loadStart.toFixed(1)} → ${loadEnd.toFixed(1)}`;
  const lighthouseMisses = rows.filter((r) => {
    const b = budgetFor(budgets, r.pattern);
    return r.performance < b.performance || (b.maxTbtMs !== undefined && r.tbtMs > b.maxTbtMs);
  });
  // The goal is the default ratio; a per-route override only keeps a known miss from failing every run.
  const jsMisses = rows.filter((r) => r.ratio > budgets.defaults.firstLoadJsRatio);
  const worst = rows.reduce((max, r) => Math.max(max, r.ratio), 0);
  const { performance, maxTbtMs, firstLoadJsRatio } = budgets.defaults;
  return [
    `[budget] goal 1 — performance ≥ ${performance} and TBT ≤ ${maxTbtMs ?? '∞'} ms at the median of ${RUNS}, every page: ` +
      `${lighthouseMisses.length ? `NOT MET (${lighthouseMisses.map((r) => `${r.pattern} as ${r.role}: ${r.performance}, ${Math.round(r.tbtMs)} ms`).join('; ')})` : 'met'} (${rows.length} pages, ${load}); ` +
      `the framework floor in this run: ` +
      floors
        .map(({ when, page: f }) => `${scoreText(f)}, TBT ${tbtText(f)} ${when}`)
        .join(', ') +
      `; pages at or above the floor's median score: ${rows.filter((r) => r.performance >= Math.min(...floors.map((f) => f.page.performance))).length} of ${rows.length}` +
      (contentFloor ? `; the content floor (bare Next with a list page's markup): ${scoreText(contentFloor)}, TBT ${tbtText(contentFloor)}` : ''),
    `[budget] goal 2 — first-load JS ≤ ${firstLoadJsRatio}× the floor of this run, every page: ` +
      `${jsMisses.length ? `NOT MET (${jsMisses.map((r) => `${r.pattern} ${r.ratio.toFixed(3)}×`).join('; ')})` : 'met'} (heaviest ${worst.toFixed(3)}×)`,
  ];
}

/** Builds scripts/bench-floor when its build has no page yet (webpack, as bench:proxy does), starts it; its page's URL. */
async function startFloorApp(): Promise<string> {
  const nextBin = path.join('node_modules', 'next', 'dist', 'bin', 'next');
  // A build made before the content floor's page existed lacks it: build again.
  const built = ['page.js', path.join('table', 'page.js')].every((file) => existsSync(path.join(FLOOR_APP_DIR, FLOOR_APP_DIST, 'server', 'app', file)));
  if (!built) {
    console.log(`[budget] building the framework floor (${path.relative(ROOT, FLOOR_APP_DIR)}) …`);
    // webpack, not Turbopack: Turbopack takes instrumentation.ts and proxy.ts from the repository's root into it.
    const build = spawnSync(process.execPath, [nextBin, 'build', '--webpack', FLOOR_APP_DIR], {
      cwd: ROOT,
      env: { ...process.env, FLOOR_DIST_DIR: FLOOR_APP_DIST, NEXT_TELEMETRY_DISABLED: '1' },
      encoding: 'utf8',
    });
    if (build.status !== 0) throw new Error(`next build of the floor failed:\n${(build.stdout + build.stderr).slice(-3000)}`);
  }
  start('floor', process.execPath, [nextBin, 'start', FLOOR_APP_DIR, '-p', String(FLOOR_APP_PORT)], { FLOOR_DIST_DIR: FLOOR_APP_DIST, NODE_ENV: 'production' });
  const url = `http://localhost:${FLOOR_APP_PORT}/`;
  await waitFor(url, 60_000);
  await (await fetch(url)).arrayBuffer();
  return url;
}

// ---------------------------------------------------------------------------------------------- main

async function main(): Promise<number> {
  const budgets = JSON.parse(readFileSync(path.join(ROOT, 'perf-budget.json'), 'utf8')) as BudgetFile;
  const onlyRoutes = flags.routes?.split(',').map((r) => r.trim()).filter(Boolean);
  const onlyRoles = flags.roles?.split(',').map((r) => r.trim()).filter(Boolean);
  for (const role of onlyRoles ?? []) if (!ROLES.includes(role as Role)) throw new Error(`unknown role ${role} (${ROLES.join(', ')})`);

  ensureBuild();
  const [loadAtStart] = loadavg();

  rmSync(DATA_DIR, { recursive: true, force: true });
  console.log(`[budget] starting the console on ${BASE} (data in ${path.relative(ROOT, DATA_DIR)})`);
  start('console', process.execPath, [path.join('node_modules', 'next', 'dist', 'bin', 'next'), 'start', '-p', String(PORT)], {
    PORT: String(PORT),
    PUBLIC_URL: BASE,
    NEXTAUTH_URL: BASE,
    DATA_DIR,
    NEXT_DIST_DIR: DIST_DIR,
  });
  await waitFor(`${BASE}/api/health`, 180_000);

  // Which pages, as whom: every table row for every demo role holding its permission, and /login signed out.
  const targets: { pattern: string; role: Role | 'signed-out' }[] = [];
  for (const route of [...CONSOLE_ROUTES, { pattern: '/login', permission: null }]) {
    if (onlyRoutes && !onlyRoutes.includes(route.pattern)) continue;
    if (route.permission === null) {
      targets.push({ pattern: route.pattern, role: 'signed-out' });
      continue;
    }
    for (const role of ROLES) {
      if ((!onlyRoles || onlyRoles.includes(role)) && can(role, route.permission)) targets.push({ pattern: route.pattern, role });
    }
  }
  if (targets.length === 0) throw new Error('no page matches --routes/--roles');

  const cookies = new Map<Role, string>();
  for (const role of new Set(targets.map((t) => t.role))) {
    if (role === 'signed-out') continue;
    const user = DEMO_USER_BY_ROLE[role];
    cookies.set(role, (await signInDemo(user)).header());
  }
  const anyCookie = cookies.values().next().value ?? (await signInDemo(DEMO_USER_BY_ROLE.viewer)).header();

  const pages: Page[] = [];
  for (const t of targets) {
    const cookie = t.role === 'signed-out' ? undefined : cookies.get(t.role);
    const get: Get = async (pathname) => {
      // The demo data is seeded in the background at start-up: give it a minute.
      const deadline = Date.now() + 60_000;
      for (;;) {
        const res = await fetch(new URL(pathname, BASE), { headers: cookie ? { cookie } : {} });
        const body = (await res.json()) as { data?: unknown[] };
        if (res.ok && (body.data?.length ?? 1) > 0) return body;
        if (Date.now() > deadline) return body;
        await new Promise((r) => setTimeout(r, 1000));
      }
    };
    const html: GetHtml = async (pathname) => (await fetch(new URL(pathname, BASE), { headers: cookie ? { cookie } : {} })).text();
    const resolved = await resolvePath(t.pattern, get, html);
    if (resolved) pages.push({ ...t, path: resolved });
  }

  const floor = await floorGzipBytes(anyCookie);

  // One visit per page first: the server's first render of a route (module loading) is not what a user waits for.
  for (const page of pages) {
    const cookie = page.role === 'signed-out' ? undefined : cookies.get(page.role);
    await (await fetch(new URL(page.path, BASE), { headers: cookie ? { cookie } : {} })).arrayBuffer();
  }

  const floorApp = await startFloorApp();
  await startChromium();
  const lighthouse = ((await import('lighthouse')) as unknown as { default: LighthouseFn }).default;
  // The framework floor in the same run as the pages, --runs times like every page: what bare Next scores on this
  // machine in this run, and (per round, or first and last) whether the machine changed while the pages were measured
  // (a whole table takes ~40 min).
  const floorPageOf = (floorSamples: Sample[]): FloorPage => ({
    performance: median(floorSamples.map((s) => s.performance)),
    tbtMs: median(floorSamples.map((s) => s.tbtMs)),
    lcpMs: median(floorSamples.map((s) => s.lcpMs)),
    runs: floorSamples.map(({ performance, tbtMs }) => ({ performance, tbtMs })),
  });
  const floorLine = (when: string, floorSamples: Sample[]) =>
    console.log(`[budget] framework floor (bare Next page, ${when}): performance ${floorSamples.map((s) => s.performance).join('/')}, TBT ${floorSamples.map((s) => Math.round(s.tbtMs)).join('/')} ms`);
  const measureFloor = async (when: string): Promise<FloorPage> => {
    const floorSamples: Sample[] = [];
    for (let run = 0; run < RUNS; run++) floorSamples.push(await lighthouseOnce(lighthouse, floorApp, undefined));
    floorLine(when, floorSamples);
    return floorPageOf(floorSamples);
  };
  const cookieOf = (page: Page) => (page.role === 'signed-out' ? undefined : cookies.get(page.role));
  const samplesOf = new Map<Page, Sample[]>(pages.map((page) => [page, []]));
  const floors: Floors = [];
  const contentSamples: Sample[] = [];
  if (ORDER === 'pages') {
    floors.push({ when: 'first', page: await measureFloor('first') });
    for (const page of pages) {
      for (let run = 0; run < RUNS; run++) samplesOf.get(page)!.push(await lighthouseOnce(lighthouse, new URL(page.path, BASE).href, cookieOf(page)));
      console.log(`[budget] ${page.pattern} as ${page.role}: performance ${samplesOf.get(page)!.map((s) => s.performance).join('/')}`);
    }
    floors.push({ when: 'last', page: await measureFloor('last') });
  } else {
    const floorSamples: Sample[] = [];
    for (let run = 0; run < RUNS; run++) {
      floorSamples.push(await lighthouseOnce(lighthouse, floorApp, undefined));
      if (CONTENT_FLOOR) contentSamples.push(await lighthouseOnce(lighthouse, new URL('table', floorApp).href, undefined));
      const round: number[] = [];
      for (const page of pages) {
        const sample = await lighthouseOnce(lighthouse, new URL(page.path, BASE).href, cookieOf(page));
        samplesOf.get(page)!.push(sample);
        round.push(sample.performance);
      }
      // Each round's floor beside its pages' median: a round the machine spoiled shows on both.
      console.log(
        `[budget] round ${run + 1} of ${RUNS} (load ${loadavg()[0].toFixed(1)}): floor ${floorSamples[run].performance}, TBT ${Math.round(floorSamples[run].tbtMs)} ms; ` +
          (CONTENT_FLOOR ? `content floor ${contentSamples[run].performance}, TBT ${Math.round(contentSamples[run].tbtMs)} ms; ` : '') +
          `pages' median ${median(round)} (${Math.min(...round)}–${Math.max(...round)})`,
      );
    }
    floorLine('one run opening each round', floorSamples);
    floors.push({ when: 'one run per round', page: floorPageOf(floorSamples) });
  }
  const rows: Row[] = [];
  for (const page of pages) {
    const cookie = cookieOf(page);
    const samples = samplesOf.get(page)!;
    const { gzipBytes } = await firstLoad.measureRoute({ base: BASE, route: page.path, cookie, cache: scriptCache });
    const sample: Sample = {
      performance: median(samples.map((s) => s.performance)),
      accessibility: median(samples.map((s) => s.accessibility)),
      lcpMs: median(samples.map((s) => s.lcpMs)),
      tbtMs: median(samples.map((s) => s.tbtMs)),
      cls: median(samples.map((s) => s.cls)),
    };
    const ratio = gzipBytes / floor;
    const over = overBudget({ ...sample, ratio }, budgetFor(budgets, page.pattern));
    rows.push({ ...page, ...sample, jsGzip: gzipBytes, ratio, over, runs: samples.map(({ performance, tbtMs }) => ({ performance, tbtMs })) });
    console.log(
      `[budget] ${page.pattern} as ${page.role}: performance ${samples.map((s) => s.performance).join('/')}, ` +
        `accessibility ${sample.accessibility}, ${kB(gzipBytes)} kB${over.length ? ` — over: ${over.join('; ')}` : ''}`,
    );
  }

  const [l1] = loadavg();
  console.log(
    `\n[budget] Lighthouse ${RUNS === 1 ? '1 run' : `median of ${RUNS} runs`}, mobile preset, ${CHROMIUM}; load average ${loadAtStart.toFixed(1)} at the start, ${l1.toFixed(1)} at the end, on ${cpus().length} cores`,
  );
  const contentFloor = contentSamples.length ? floorPageOf(contentSamples) : null;
  console.log(renderTable(rows, floor, floors, contentFloor));
  if (flags.json) writeFileSync(flags.json, JSON.stringify({ floor, floors, contentFloor, order: ORDER, rows }, null, 2));
  for (const line of goalLines(rows, budgets, loadAtStart, l1, floors, contentFloor)) console.log(line);
  const failing = rows.filter((r) => r.over.length);
  console.log(failing.length ? `\n[budget] ${failing.length} of ${rows.length} page(s) over budget` : `\n[budget] all ${rows.length} pages within budget`);
  return failing.length ? 1 : 0;
}

main()
  .then((code) => {
    stopAll();
    process.exit(code);
  })
  .catch((error: unknown) => {
    console.error(`[budget] ${(error as Error).message}`);
    stopAll();
    process.exit(2);
  });
