#!/usr/bin/env node
/**
 * First-load JS per route, measured against a running server (Next 16 no longer prints it at build time).
 *
 *   node scripts/first-load-js.mjs --base http://localhost:3000 --routes /login,/,/accounts \
 *     --email admin@acme.test --password demo-admin-2026 [--public /login] [--json]
 *
 * Signs in through next-auth's credentials flow (csrf → callback/credentials, cookies kept, no redirects
 * followed), GETs each route's HTML with the session cookie, collects every <script src> (minus the noModule
 * polyfill) and every <link rel="preload|modulepreload" as="script">, downloads each file once and sums raw and
 * gzip (level 9) sizes. Routes in --public (default /login) are fetched without the cookie, as a signed-out
 * visitor sees them. Exits 1 if sign-in fails or a route redirects (to /login or anywhere else).
 * No dependencies beyond Node itself.
 */
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';

export class FirstLoadError extends Error {}

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#x27': "'", '#x2F': '/', '#47': '/' };

function decodeEntities(value) {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, name) => {
    if (ENTITIES[name] !== undefined) return ENTITIES[name];
    if (/^#x/i.test(name)) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (/^#\d/.test(name)) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return m;
  });
}

/** Attributes of one start tag's inner text, names lower-cased; valueless attributes map to ''. */
export function parseAttributes(text) {
  const attrs = new Map();
  const re = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g;
  for (const m of text.matchAll(re)) {
    attrs.set(m[1].toLowerCase(), decodeEntities(m[2] ?? m[3] ?? m[4] ?? ''));
  }
  return attrs;
}

/**
 * Script URLs a browser loads on first visit, in document order, absolute and de-duplicated.
 * Comments are dropped first so commented-out tags are not counted.
 */
export function extractScriptUrls(html, pageUrl) {
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, '');
  const urls = [];
  const seen = new Set();
  const add = (href) => {
    if (!href) return;
    let absolute;
    try {
      absolute = new URL(href, pageUrl).href;
    } catch {
      return;
    }
    if (!seen.has(absolute)) {
      seen.add(absolute);
      urls.push(absolute);
    }
  };
  // A script element's body is raw text (inline RSC payloads can contain "<script src=…" inside strings), so
  // each <script> match swallows everything up to its </script>.
  const ATTRS = `((?:[^>"']|"[^"]*"|'[^']*')*)`;
  const TAGS = new RegExp(`<script\\b${ATTRS}>[\\s\\S]*?</script\\s*>|<link\\b${ATTRS}>`, 'gi');
  for (const m of withoutComments.matchAll(TAGS)) {
    const tag = m[1] !== undefined ? 'script' : 'link';
    const attrs = parseAttributes(m[1] ?? m[2]);
    if (tag === 'script') {
      // The noModule polyfill chunk is never executed by the browsers we support.
      if (attrs.has('nomodule')) continue;
      add(attrs.get('src'));
    } else {
      const rels = (attrs.get('rel') ?? '').toLowerCase().split(/\s+/);
      const as = (attrs.get('as') ?? '').toLowerCase();
      const isScriptPreload = (rels.includes('preload') && as === 'script') || (rels.includes('modulepreload') && (as === '' || as === 'script'));
      if (isScriptPreload) add(attrs.get('href'));
    }
  }
  return urls;
}

/** A minimal cookie jar: name → value, deletions honoured. Enough for next-auth's cookies. */
export class CookieJar {
  #cookies = new Map();

  store(setCookieHeaders) {
    for (const header of setCookieHeaders) {
      const [pair, ...attributes] = header.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age\s*=\s*(0|-\d+)\s*$/i.test(a));
      if (value === '' || expired) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  names() {
    return [...this.#cookies.keys()];
  }

  header() {
    return [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

function kB(bytes) {
  return (bytes / 1000).toFixed(1);
}

function isLoginRedirect(location, base) {
  try {
    return new URL(location, base).pathname === '/login';
  } catch {
    return false;
  }
}

/**
 * `totp(attempt)`, when given, answers the second factor after the password (the demo users have an authenticator
 * app): attempt 0 is the current code; a code already used in this 30-second step is refused, and the next attempt
 * should give another (scripts/bench-budget.ts gives the next step's, then waits for a new step).
 */
export async function signIn({ base, email, password, totp, fetchImpl = fetch }) {
  const jar = new CookieJar();
  const csrfRes = await fetchImpl(new URL('/api/auth/csrf', base), { redirect: 'manual' });
  if (!csrfRes.ok) throw new FirstLoadError(`Sign-in failed: GET /api/auth/csrf answered ${csrfRes.status}.`);
  jar.store(csrfRes.headers.getSetCookie());
  const { csrfToken } = await csrfRes.json();
  if (typeof csrfToken !== 'string' || csrfToken === '') throw new FirstLoadError('Sign-in failed: no csrfToken from /api/auth/csrf.');

  const res = await fetchImpl(new URL('/api/auth/callback/credentials', base), {
    method: 'POST',
    redirect: 'manual',
    // Sent as a browser would: the console's proxy refuses writes without a same-origin Origin header.
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header(), origin: new URL(base).origin },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: new URL('/', base).href }).toString(),
  });
  jar.store(res.headers.getSetCookie());
  const location = res.headers.get('location') ?? '';
  const error = location ? new URL(location, base).searchParams.get('error') : null;
  if (error || !jar.names().some((n) => n.includes('session-token'))) {
    throw new FirstLoadError(
      `Sign-in failed for ${email}: ${error ? `error=${error}` : `HTTP ${res.status}, no session cookie`}.`,
    );
  }
  for (let attempt = 0; totp; attempt++) {
    const answer = await fetchImpl(new URL('/api/second-factor/verify', base), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/json', cookie: jar.header(), origin: new URL(base).origin },
      body: JSON.stringify({ method: 'totp', code: await totp(attempt) }),
    });
    jar.store(answer.headers.getSetCookie());
    if (answer.ok) break;
    const failure = await answer.json().catch(() => ({}));
    if (failure.code !== 'TOTP_REUSED' || attempt >= 3) {
      throw new FirstLoadError(`Second factor refused for ${email}: ${failure.code ?? `HTTP ${answer.status}`}.`);
    }
  }
  return jar;
}

export async function measureRoute({ base, route, cookie, fetchImpl = fetch, cache = new Map() }) {
  const pageUrl = new URL(route, base).href;
  const res = await fetchImpl(pageUrl, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  if (res.status >= 300 && res.status < 400) {
    const location = res.headers.get('location') ?? '';
    throw new FirstLoadError(
      isLoginRedirect(location, base)
        ? `Route ${route} redirected to /login (${location}): not signed in or the session was refused.`
        : `Route ${route} redirected to ${location}; measure the final route instead.`,
    );
  }
  if (!res.ok) throw new FirstLoadError(`Route ${route} answered HTTP ${res.status}.`);
  const html = await res.text();
  const urls = extractScriptUrls(html, pageUrl);
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    let sizes = cache.get(url);
    if (!sizes) {
      const r = await fetchImpl(url, { headers: cookie ? { cookie } : {} });
      if (!r.ok) throw new FirstLoadError(`Script ${url} (from ${route}) answered HTTP ${r.status}.`);
      const body = Buffer.from(await r.arrayBuffer());
      sizes = { raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
      cache.set(url, sizes);
    }
    raw += sizes.raw;
    gzip += sizes.gzip;
  }
  return { route, files: urls.length, rawBytes: raw, gzipBytes: gzip, urls };
}

export function parseArgs(argv) {
  const args = { base: 'http://localhost:3000', routes: ['/login', '/'], publicRoutes: ['/login'], email: undefined, password: undefined, json: false };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    const next = () => {
      const v = argv[i + 1];
      if (v === undefined || v.startsWith('--')) throw new FirstLoadError(`Missing value for ${a}.`);
      i += 1;
      return v;
    };
    if (a === '--base') args.base = next();
    else if (a === '--routes') args.routes = next().split(',').map((r) => r.trim()).filter(Boolean);
    else if (a === '--public') args.publicRoutes = next().split(',').map((r) => r.trim()).filter(Boolean);
    else if (a === '--email') args.email = next();
    else if (a === '--password') args.password = next();
    else if (a === '--json') args.json = true;
    else throw new FirstLoadError(`Unknown argument ${a}.`);
  }
  if ((args.email === undefined) !== (args.password === undefined)) throw new FirstLoadError('Pass both --email and --password, or neither.');
  return args;
}

export function renderTable(results) {
  const rows = [['Route', 'Files', 'Raw kB', 'Gzip kB'], ...results.map((r) => [r.route, String(r.files), kB(r.rawBytes), kB(r.gzipBytes)])];
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  const line = (row) => row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ');
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

export async function main(argv = process.argv.slice(2)) {
  const args = parseArgs(argv);
  const jar = args.email ? await signIn({ base: args.base, email: args.email, password: args.password }) : null;
  const cookie = jar?.header();
  const cache = new Map();
  const results = [];
  for (const route of args.routes) {
    // A signed-in visit to /login redirects home; public routes are measured as a signed-out visitor sees them.
    const asVisitor = args.publicRoutes.includes(route);
    results.push(await measureRoute({ base: args.base, route, cookie: asVisitor ? undefined : cookie, cache }));
  }
  // Chunks every measured route loads: the framework + layout baseline.
  const shared = results.length ? results[0].urls.filter((u) => results.every((r) => r.urls.includes(u))) : [];
  const sharedGzip = shared.reduce((sum, u) => sum + cache.get(u).gzip, 0);
  if (!args.json) {
    console.log(renderTable(results));
    console.log(`Shared by all routes: ${shared.length} files, ${kB(sharedGzip)} kB gzip (1 kB = 1000 bytes).`);
  }
  console.log(
    JSON.stringify({
      base: args.base,
      routes: results.map(({ urls: _urls, ...r }) => r),
      shared: { files: shared.length, gzipBytes: sharedGzip },
    }),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error instanceof FirstLoadError ? error.message : `first-load-js failed: ${error?.message ?? error}`);
    process.exit(1);
  });
}
