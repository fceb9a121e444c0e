/**
 * `npm run bench:main-thread` — what runs on the browser's main thread while a console page loads: a V8 CPU profile
 * (Chromium DevTools protocol `Profiler`, through Playwright's CDP session) of each page's load at Lighthouse's mobile
 * CPU slowdown (4×), summed by script and by function, with the page's total script and task time
 * (`Performance.getMetrics`). A benchmark for finding what to remove, not a test.
 *
 *   npm run bench:main-thread -- --base http://localhost:3000 --data-dir .data \
 *     --routes /beneficiaries/new,/transfers/new,/accounts/new,/payouts/new,/convert --role admin --runs 3
 *
 * Against a console that is already running (`npm run demo`, or `next start` on another dist dir to compare two builds
 * in one window of machine load): it signs in as the demo user of --role with the password and the authenticator code
 * derived from the server's NEXTAUTH_SECRET in --data-dir (as `npm run demo:totp` does), sets the time-zone cookie a
 * signed-in browser carries, and loads each page --runs times in a fresh context (empty cache), profiling from
 * navigation start to --settle ms (1000) after the load event. `--save <dir>` writes each .cpuprofile (open it in
 * Chromium DevTools → Performance). Each load also reports its blocking time after the first paint, from the browser's
 * own `longtask` entries under the slowdown. A route with a `[param]` (`/accounts/[accountId]`) takes the first such
 * link of its list page, so one command runs against two servers whose demo data has different ids.
 *
 * Against a build with browser source maps (NEXT_BROWSER_SOURCE_MAPS=1, see next.config.mjs; the server then serves
 * each chunk's map) two more tables name the original code: self time by original module (a package, or a file of
 * ours), and "ours on the stack": each sample charged to the innermost file of ours that was running, with everything
 * it called — a library or the browser's own Intl included — so a component that makes a library do the work is named.
 *
 * `--long-tasks <ms>` lists every busy stretch of the profile that long or longer (samples between two idle ones, at the
 * throttled speed: 200 is a 50 ms task at full speed, the part of a task Total Blocking Time counts starts at 50 ms
 * throttled), with when it started, its outermost script frame and its costliest original modules, so each long task
 * of a load is named by what it ran rather than by the chunk it sits in.
 *
 * `--intl` also lists who builds an Intl object (NumberFormat, DateTimeFormat, PluralRules, ListFormat…) while the
 * page loads, by the innermost file of ours on the stack: the browser sets ICU up on a page's first one (19–35 ms
 * at full speed, README, issue 30), so a client part that formats while it hydrates is worth wording on the server.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { screenEmulationMetrics, userAgents } from 'lighthouse/core/config/constants.js';
import { chromium } from '@playwright/test';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { generate as generateTotp } from 'otplib';
import { demoTotpSecret } from '../lib/auth/factors/secret-box';
import type { Role } from '../lib/auth/permissions';
import { TIME_ZONE_COOKIE } from '../lib/i18n/config';
import { DEMO_USER_BY_ROLE } from '../lib/team/demo-users';

const { values: flags } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://localhost:3000' },
    'data-dir': { type: 'string', default: '.data' },
    routes: { type: 'string', default: '/beneficiaries/new,/transfers/new,/accounts/new,/payouts/new,/convert' },
    role: { type: 'string', default: 'admin' },
    runs: { type: 'string', default: '3' },
    throttle: { type: 'string', default: '4' },
    settle: { type: 'string', default: '1000' },
    top: { type: 'string', default: '12' },
    save: { type: 'string' },
    intl: { type: 'boolean', default: false },
    'long-tasks': { type: 'string' },
  },
});
const BASE = flags.base;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface FirstLoadModule {
  signIn(opts: { base: string; email: string; password: string; totp?: (attempt: number) => Promise<string> }): Promise<{ header(): string }>;
}
const firstLoad = (await import(new URL('./first-load-js.mjs', import.meta.url).href)) as FirstLoadModule;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time (ms) per node id, from the samples and the time between them. */
function selfTimes(profile: CpuProfile): Map<number, number> {
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
  }
  return self;
}

function scriptName(url: string): string {
  if (!url) return '(native / V8)';
  try {
    const u = new URL(url);
    return u.origin === new URL(BASE).origin ? u.pathname.replace('/_next/static/chunks/', '') : url;
  } catch {
    return url;
  }
}

/** Source maps of the chunks a profile ran, fetched from the server once each; null where the build has none. */
const sourceMaps = new Map<string, Promise<SourceMapConsumer | null>>();
function sourceMapOf(url: string): Promise<SourceMapConsumer | null> {
  let found = sourceMaps.get(url);
  if (!found) {
    found = (async () => {
      if (!url.startsWith(`${new URL(BASE).origin}/_next/static/`)) return null;
      const code = await (await fetch(url)).text();
      const named = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(code)?.[1];
      if (!named) return null;
      const answer = await fetch(new URL(named, url));
      return answer.ok ? new SourceMapConsumer((await answer.json()) as RawSourceMap) : null;
    })().catch(() => null);
    sourceMaps.set(url, found);
  }
  return found;
}

/** A frame's original module: `pkg:<package>` for node_modules, the file's path for ours; null when unmapped. */
function originalModule(frame: ProfileNode['callFrame'], map: SourceMapConsumer | null | undefined): string | null {
  if (!map) return null;
  const source = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber }).source;
  if (!source) return null;
  const inPackages = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (inPackages) return `pkg:${inPackages[1]}`;
  return source.replace(/^.*\[project\]\//, '').replace(/^turbopack:\/\/\/?/, '').replace(/\?.*$/, '');
}

/** Ours: a mapped module outside node_modules and outside the bundler's runtime. */
const isOurs = (module: string | null): module is string => !!module && !module.startsWith('pkg:') && !module.startsWith('[turbopack]');

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const ms = (v: number) => `${v.toFixed(0)} ms`;

/**
 * In the page, before its scripts: every Intl constructor call is kept with its stack (bounded). A string, not a
 * function: tsx compiles functions with helpers (`__name`) the page does not have, and the script would fail silently.
 * toLocaleString and friends build their Intl objects inside V8 and are not seen here.
 */
const RECORD_INTL = `(() => {
  const calls = [];
  window.__intlCalls = calls;
  Error.stackTraceLimit = 60;
  for (const type of ['NumberFormat', 'DateTimeFormat', 'PluralRules', 'ListFormat', 'RelativeTimeFormat', 'Collator', 'DisplayNames', 'Segmenter']) {
    const Original = Intl[type];
    if (typeof Original !== 'function') continue;
    const Wrapped = function (...args) {
      if (calls.length < 200) calls.push({ type, stack: new Error().stack || '', at: performance.now() });
      return new Original(...args);
    };
    Wrapped.prototype = Original.prototype;
    Wrapped.supportedLocalesOf = Original.supportedLocalesOf;
    Intl[type] = Wrapped;
  }
})();`;

/**
 * In the page, before its scripts: every long task (the browser's own `longtask` entries, 50 ms or more at the
 * throttled speed) and the first contentful paint, for the blocking time after that paint.
 */
const RECORD_LONG_TASKS = `(() => {
  const seen = { tasks: [], fcp: undefined };
  window.__longTasks = seen;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) seen.tasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') seen.fcp = e.startTime; }).observe({ type: 'paint', buffered: true });
})();`;

/**
 * Total Blocking Time as the browser saw it under the CPU slowdown: each long task after the first contentful paint
 * counts its part over 50 ms. Lighthouse simulates its TBT from an unthrottled trace instead; this one is measured in
 * the same loads as the profile, so a long task in the table above can be set beside what it blocked.
 */
async function blockingAfterPaint(page: import('@playwright/test').Page): Promise<number> {
  const seen = await page.evaluate(() => (window as unknown as { __longTasks: { tasks: [number, number][]; fcp?: number } }).__longTasks);
  const fcp = seen.fcp ?? 0;
  return seen.tasks.filter(([start]) => start >= fcp).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
}

/** Who built Intl objects during this load, by the innermost file of ours on each stack (source maps). */
async function reportIntl(page: import('@playwright/test').Page, run: number): Promise<void> {
  const calls = await page.evaluate(() => (window as unknown as { __intlCalls?: { type: string; stack: string; at: number }[] }).__intlCalls ?? []);
  const byOwner = new Map<string, { count: number; first: number; types: Set<string> }>();
  for (const call of calls) {
    let owner = '(no mapped frame)';
    for (const line of call.stack.split('\n').slice(2)) {
      const at = /(https?:\/\/[^\s)]+):(\d+):(\d+)/.exec(line);
      if (!at) continue;
      const source = originalModule({ functionName: '', url: at[1]!, lineNumber: Number(at[2]) - 1, columnNumber: Number(at[3]) - 1 }, await sourceMapOf(at[1]!));
      if (isOurs(source)) {
        owner = source;
        break;
      }
      if (source && owner === '(no mapped frame)') owner = source;
    }
    const entry = byOwner.get(owner) ?? { count: 0, first: call.at, types: new Set<string>() };
    entry.count += 1;
    entry.types.add(call.type);
    byOwner.set(owner, entry);
  }
  const rows = [...byOwner].sort((a, b) => a[1].first - b[1].first);
  console.log(`  run ${run + 1}: ${calls.length} Intl object(s) built during the load${rows.length ? ':' : ''}`);
  for (const [owner, e] of rows) console.log(`    ${String(e.count).padStart(3)}  at ${e.first.toFixed(0)} ms  ${[...e.types].join(', ')}  ${owner}`);
}

/**
 * --long-tasks: the profile's busy stretches of at least `minMs`, each with its outermost script frames (what the task
 * was entered through: a chunk's evaluation, a React scheduler slice, an event) and its costliest modules.
 */
function printLongTasks(
  profile: CpuProfile,
  minMs: number,
  run: number,
  moduleOf: (id: number) => string | null,
  parents: Map<number, number>,
  nodes: Map<number, ProfileNode>,
): void {
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  // Sample indexes [first, last) of each stretch, and its start and end in ms from the profile's start.
  const stretches: { from: number; to: number; first: number; last: number }[] = [];
  let at = 0;
  let open: { from: number; first: number } | undefined;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i]! / 1000;
    if (idle.has(profile.samples[i]!)) {
      if (open) stretches.push({ ...open, to: at, last: i });
      open = undefined;
    } else if (!open) {
      open = { from: at, first: i };
    }
  }
  console.log(`  run ${run + 1}: busy stretches ≥ ${minMs} ms (from the profile's start):`);
  for (const s of stretches) {
    const length = s.to - s.from;
    if (length < minMs) continue;
    const byModule = new Map<string, number>();
    const roots = new Map<string, number>();
    for (let i = s.first; i < s.last; i++) {
      const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
      const id = profile.samples[i]!;
      const owner = moduleOf(id) ?? (nodes.get(id)!.callFrame.functionName || '(anonymous)');
      byModule.set(owner, (byModule.get(owner) ?? 0) + dt);
      // The outermost frame with a script: what this piece of the task was entered through.
      let outer: number | undefined;
      for (let up: number | undefined = id; up !== undefined; up = parents.get(up)) if (nodes.get(up)!.callFrame.url) outer = up;
      const frame = outer === undefined ? undefined : nodes.get(outer)!.callFrame;
      const root = frame ? `${frame.functionName || '(anonymous)'} ${moduleOf(outer!) ?? scriptName(frame.url)}` : '(no script)';
      roots.set(root, (roots.get(root) ?? 0) + dt);
    }
    const top = (m: Map<string, number>, n: number) =>
      [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(' · ');
    console.log(`    @${s.from.toFixed(0).padStart(5)} ms  ${length.toFixed(0).padStart(4)} ms  entered by: ${top(roots, 2)}`);
    console.log(`                          modules: ${top(byModule, 6)}`);
  }
}

/**
 * A route with a dynamic segment (`/accounts/[accountId]`) becomes the first such link on its list page
 * (`/accounts`) for this user, so the same command runs against two servers whose data has different ids.
 */
async function concreteRoute(route: string, cookie: string): Promise<string> {
  const at = route.indexOf('/[');
  if (at < 0) return route;
  const list = route.slice(0, at);
  const html = await (await fetch(new URL(list, BASE), { headers: { cookie } })).text();
  const link = new RegExp(`href="(${list}/[0-9a-f-]{36})"`).exec(html)?.[1];
  if (!link) throw new Error(`no link under ${list} for ${route}`);
  return link;
}

async function main(): Promise<void> {
  const role = flags.role as Role;
  const user = DEMO_USER_BY_ROLE[role];
  if (!user) throw new Error(`unknown role ${flags.role}`);
  const secret = demoTotpSecret(readFileSync(path.join(flags['data-dir'], 'nextauth-secret'), 'utf8').trim(), user.email);
  const totp = async (attempt: number) => {
    if (attempt >= 2) await new Promise((r) => setTimeout(r, (31 - (Math.floor(Date.now() / 1000) % 30)) * 1000));
    return generateTotp({ secret, epoch: Math.floor(Date.now() / 1000) + (attempt === 1 ? 30 : 0) });
  };
  const cookie = (await firstLoad.signIn({ base: BASE, email: user.email, password: user.password, totp })).header();
  const cookies = cookie.split(/;\s*/).map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: BASE };
  });

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const [loadStart] = loadavg();
  try {
    for (const asked of flags.routes.split(',').map((r) => r.trim()).filter(Boolean)) {
      const route = await concreteRoute(asked, cookie);
      const byScript = new Map<string, number[]>();
      const byFunction = new Map<string, number[]>();
      const byModule = new Map<string, number[]>();
      const byOurs = new Map<string, number[]>();
      const scriptMs: number[] = [];
      const taskMs: number[] = [];
      const profiledMs: number[] = [];
      const elements: number[] = [];
      const blocking: number[] = [];
      const runs = Number(flags.runs);
      for (let run = 0; run < runs; run++) {
        // The phone Lighthouse's mobile preset emulates (its user agent and screen), so the console serves this profile
        // what it serves a phone (the folded menu alone, lists as cards: lib/http/phone.ts) as it does bench:budget's runs.
        const phone = screenEmulationMetrics.mobile as { width: number; height: number; deviceScaleFactor: number };
        const context = await browser.newContext({
          locale: 'en-US',
          userAgent: userAgents.mobile,
          viewport: { width: phone.width, height: phone.height },
          deviceScaleFactor: phone.deviceScaleFactor,
          isMobile: true,
          hasTouch: true,
        });
        await context.addCookies(cookies);
        const page = await context.newPage();
        const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
        await context.addCookies([{ name: TIME_ZONE_COOKIE, value: encodeURIComponent(zone), url: BASE }]);
        if (flags.intl) await page.addInitScript({ content: RECORD_INTL });
        await page.addInitScript({ content: RECORD_LONG_TASKS });
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(flags.throttle) });
        await cdp.send('Performance.enable');
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await cdp.send('Profiler.start');
        const response = await page.goto(new URL(route, BASE).href, { waitUntil: 'load' });
        await page.waitForTimeout(Number(flags.settle));
        const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
        const metrics = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
        const metric = (name: string) => (metrics.metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
        // What React hydrates grows with the markup: the element count beside the time says which of the two moved.
        elements.push(await page.evaluate(() => document.getElementsByTagName('*').length));
        blocking.push(await blockingAfterPaint(page));
        if (new URL(page.url()).pathname !== route) throw new Error(`${route} landed on ${page.url()} (HTTP ${response?.status()})`);
        if (flags.save) {
          mkdirSync(flags.save, { recursive: true });
          writeFileSync(path.join(flags.save, `${route.replace(/\W+/g, '_')}-${run}.cpuprofile`), JSON.stringify(profile));
        }
        if (flags.intl) await reportIntl(page, run);
        const self = selfTimes(profile);
        const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
        const parents = new Map<number, number>();
        for (const n of profile.nodes) for (const child of n.children ?? []) parents.set(child, n.id);
        const maps = new Map<string, SourceMapConsumer | null>();
        for (const url of new Set(profile.nodes.map((n) => n.callFrame.url).filter(Boolean))) maps.set(url, await sourceMapOf(url));
        const moduleOfNode = (id: number) => originalModule(nodes.get(id)!.callFrame, maps.get(nodes.get(id)!.callFrame.url));
        const modules = new Map<string, number>();
        const ours = new Map<string, number>();
        const scripts = new Map<string, number>();
        const functions = new Map<string, number>();
        let total = 0;
        for (const [id, t] of self) {
          const frame = nodes.get(id)!.callFrame;
          if (['(idle)', '(program)', '(garbage collector)'].includes(frame.functionName) && !frame.url) {
            if (frame.functionName === '(garbage collector)') functions.set('(garbage collector)', (functions.get('(garbage collector)') ?? 0) + t);
            if (frame.functionName !== '(idle)') total += t;
            continue;
          }
          total += t;
          const script = scriptName(frame.url);
          scripts.set(script, (scripts.get(script) ?? 0) + t);
          const fn = `${frame.functionName || '(anonymous)'} ${script}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
          functions.set(fn, (functions.get(fn) ?? 0) + t);
          const original = moduleOfNode(id);
          if (original) modules.set(original, (modules.get(original) ?? 0) + t);
          // The innermost file of ours on the stack: this frame, or the nearest caller of ours.
          let at: number | undefined = id;
          let owner: string | null = null;
          while (at !== undefined && !isOurs((owner = moduleOfNode(at)))) at = parents.get(at);
          if (at !== undefined && owner) ours.set(owner, (ours.get(owner) ?? 0) + t);
        }
        if (flags['long-tasks']) printLongTasks(profile, Number(flags['long-tasks']), run, (id) => moduleOfNode(id), parents, nodes);
        for (const [k, v] of modules) byModule.set(k, [...(byModule.get(k) ?? []), v]);
        for (const [k, v] of ours) byOurs.set(k, [...(byOurs.get(k) ?? []), v]);
        for (const [k, v] of scripts) byScript.set(k, [...(byScript.get(k) ?? []), v]);
        for (const [k, v] of functions) byFunction.set(k, [...(byFunction.get(k) ?? []), v]);
        scriptMs.push(metric('ScriptDuration'));
        taskMs.push(metric('TaskDuration'));
        profiledMs.push(total);
        await context.close();
      }
      // Totals per run (a key missing in a run counts 0 there), median over runs.
      const med = (values: number[]) => median([...values, ...Array(runs - values.length).fill(0)]);
      console.log(
        `\n${route} as ${role}: ${runs} loads at ${flags.throttle}× CPU, median script ${ms(median(scriptMs))} ` +
          `(${scriptMs.map((v) => v.toFixed(0)).join('/')}), tasks ${ms(median(taskMs))}, profiled busy ${ms(median(profiledMs))}, ${median(elements)} elements, ` +
          `blocking after the first paint ${ms(median(blocking))} (${blocking.map((v) => v.toFixed(0)).join('/')})`,
      );
      console.log('  by script (self time, median):');
      for (const [k, v] of [...byScript].map(([k, v]) => [k, med(v)] as const).sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`    ${ms(v).padStart(7)}  ${k}`);
      console.log('  by function (self time, median):');
      for (const [k, v] of [...byFunction].map(([k, v]) => [k, med(v)] as const).sort((a, b) => b[1] - a[1]).slice(0, Number(flags.top))) console.log(`    ${ms(v).padStart(7)}  ${k}`);
      if (byModule.size > 0) {
        console.log('  by original module (self time, median; the build\'s source maps):');
        for (const [k, v] of [...byModule].map(([k, v]) => [k, med(v)] as const).sort((a, b) => b[1] - a[1]).slice(0, Number(flags.top))) console.log(`    ${ms(v).padStart(7)}  ${k}`);
        console.log('  ours on the stack (each sample charged to the innermost file of ours running, with what it called; median):');
        for (const [k, v] of [...byOurs].map(([k, v]) => [k, med(v)] as const).sort((a, b) => b[1] - a[1]).slice(0, Number(flags.top))) console.log(`    ${ms(v).padStart(7)}  ${k}`);
      } else if ([...byScript.keys()].some((k) => k.endsWith('.js'))) {
        console.log('  (no source maps in this build: NEXT_BROWSER_SOURCE_MAPS=1 at build time names the original modules)');
      }
    }
  } finally {
    await browser.close();
  }
  const [loadEnd] = loadavg();
  console.log(`\n[main-thread] load average ${loadStart.toFixed(1)} → ${loadEnd.toFixed(1)} on ${cpus().length} cores (${BASE})`);
}

main().catch((error: unknown) => {
  console.error(`[main-thread] ${(error as Error).message}`);
  process.exit(1);
});
