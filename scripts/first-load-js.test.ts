import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

interface Measured {
  route: string;
  files: number;
  rawBytes: number;
  gzipBytes: number;
  urls: string[];
}
interface CookieJarLike {
  store(headers: string[]): void;
  names(): string[];
  header(): string;
}
interface FirstLoadModule {
  FirstLoadError: new (message: string) => Error;
  parseAttributes(text: string): Map<string, string>;
  extractScriptUrls(html: string, pageUrl: string): string[];
  CookieJar: new () => CookieJarLike;
  parseArgs(argv: string[]): { base: string; routes: string[]; publicRoutes: string[]; email?: string; password?: string; json: boolean };
  signIn(opts: { base: string; email: string; password: string }): Promise<CookieJarLike>;
  measureRoute(opts: { base: string; route: string; cookie?: string; cache?: Map<string, unknown> }): Promise<Measured>;
  renderTable(results: Measured[]): string;
  main(argv: string[]): Promise<void>;
}

// The script is plain .mjs (runs with bare `node`); importing it through a URL keeps tsc from needing types.
const mod = (await import(/* @vite-ignore */ new URL('./first-load-js.mjs', import.meta.url).href)) as FirstLoadModule;

const NEXT_LIKE_HTML = `<!DOCTYPE html><html><head>
<link rel="stylesheet" href="/_next/static/css/app.css" data-precedence="next"/>
<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/webpack-abc.js"/>
<script src="/_next/static/chunks/main-app.js" async=""></script>
<script src="/_next/static/chunks/polyfills.js" noModule=""></script>
<link rel="modulepreload" href="/_next/static/chunks/esm.js">
<link rel="preload" as="font" href="/_next/static/media/font.woff2" crossorigin=""/>
<link rel="preload" href="/_next/static/chunks/not-a-script.css" as="style"/>
<!-- <script src="/_next/static/chunks/commented-out.js"></script> -->
<script>self.__next_f.push([1,"<script src=\\"/inline-string.js\\">"])</script>
</head><body>
<script src='/_next/static/chunks/app/page.js?v=1&amp;dpl=x' async></script>
<script src="/_next/static/chunks/main-app.js" async=""></script>
<script src="https://cdn.example.com/lib.js"></script>
<script type="application/ld+json">{"a":1}</script>
</body></html>`;

describe('extractScriptUrls', () => {
  it('collects script src and script preloads, absolute and de-duplicated, skipping noModule', () => {
    expect(mod.extractScriptUrls(NEXT_LIKE_HTML, 'http://localhost:3000/accounts')).toEqual([
      'http://localhost:3000/_next/static/chunks/webpack-abc.js',
      'http://localhost:3000/_next/static/chunks/main-app.js',
      'http://localhost:3000/_next/static/chunks/esm.js',
      'http://localhost:3000/_next/static/chunks/app/page.js?v=1&dpl=x',
      'https://cdn.example.com/lib.js',
    ]);
  });

  it('resolves relative src against the page URL', () => {
    expect(mod.extractScriptUrls('<script src="chunk.js"></script>', 'http://h/a/b')).toEqual(['http://h/a/chunk.js']);
  });

  it('parses attribute quoting styles and valueless attributes', () => {
    const a = mod.parseAttributes(` src="/a.js" data-x='y' async nomodule id=main`);
    expect(Object.fromEntries(a)).toEqual({ src: '/a.js', 'data-x': 'y', async: '', nomodule: '', id: 'main' });
  });
});

describe('CookieJar and parseArgs', () => {
  it('stores, replaces and deletes cookies', () => {
    const jar = new mod.CookieJar();
    jar.store(['a=1; Path=/; HttpOnly', 'next-auth.session-token=xyz; Path=/; SameSite=Lax']);
    jar.store(['a=2; Path=/']);
    expect(jar.header()).toBe('a=2; next-auth.session-token=xyz');
    jar.store(['a=; Max-Age=0']);
    expect(jar.names()).toEqual(['next-auth.session-token']);
  });

  it('parses the command line and refuses half credentials', () => {
    expect(mod.parseArgs(['--base', 'http://x:1', '--routes', '/login, /,/accounts', '--email', 'e', '--password', 'p'])).toEqual({
      base: 'http://x:1', routes: ['/login', '/', '/accounts'], publicRoutes: ['/login'], email: 'e', password: 'p', json: false,
    });
    expect(() => mod.parseArgs(['--email', 'e'])).toThrow(/both --email and --password/);
    expect(() => mod.parseArgs(['--routes'])).toThrow(/Missing value/);
    expect(() => mod.parseArgs(['--bogus'])).toThrow(/Unknown argument/);
  });
});

describe('against a fake next-auth server', () => {
  const chunkA = 'console.log("a");'.repeat(200);
  const chunkB = 'var b = 1;'.repeat(50);
  let server: Server;
  let base: string;
  const requests: string[] = [];

  function handler(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(`${req.method} ${url.pathname}`);
    const cookie = req.headers.cookie ?? '';
    const signedIn = cookie.includes('next-auth.session-token=good');
    if (url.pathname === '/api/auth/csrf') {
      res.setHeader('set-cookie', 'next-auth.csrf-token=tok%7Chash; Path=/; HttpOnly');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ csrfToken: 'tok' }));
      return;
    }
    if (url.pathname === '/api/auth/callback/credentials' && req.method === 'POST') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const ok = cookie.includes('next-auth.csrf-token=tok') && form.get('csrfToken') === 'tok' && form.get('password') === 'right';
        if (ok) res.setHeader('set-cookie', 'next-auth.session-token=good; Path=/; HttpOnly');
        res.writeHead(302, { location: ok ? form.get('callbackUrl') ?? '/' : '/login?error=CredentialsSignin' });
        res.end();
      });
      return;
    }
    if (url.pathname.startsWith('/_next/')) {
      res.end(url.pathname.endsWith('a.js') ? chunkA : chunkB);
      return;
    }
    if (url.pathname === '/login' && signedIn) {
      // Like the console: a signed-in visit to /login goes home.
      res.writeHead(307, { location: '/' });
      res.end();
      return;
    }
    if (url.pathname === '/login' || signedIn) {
      res.setHeader('content-type', 'text/html');
      res.end(`<script src="/_next/a.js"></script>${url.pathname === '/login' ? '' : '<link rel="preload" as="script" href="/_next/b.js">'}`);
      return;
    }
    res.writeHead(307, { location: `/login?callbackUrl=${encodeURIComponent(url.pathname)}` });
    res.end();
  }

  beforeAll(async () => {
    server = createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('signs in, measures routes and sums raw and gzip sizes once per file', async () => {
    const jar = await mod.signIn({ base, email: 'admin@acme.test', password: 'right' });
    expect(jar.names()).toContain('next-auth.session-token');
    const cache = new Map();
    const login = await mod.measureRoute({ base, route: '/login', cache });
    const accounts = await mod.measureRoute({ base, route: '/accounts', cookie: jar.header(), cache });
    const gz = (s: string) => gzipSync(Buffer.from(s), { level: 9 }).length;
    expect(login).toMatchObject({ files: 1, rawBytes: chunkA.length, gzipBytes: gz(chunkA) });
    expect(accounts).toMatchObject({ files: 2, rawBytes: chunkA.length + chunkB.length, gzipBytes: gz(chunkA) + gz(chunkB) });
    expect(requests.filter((r) => r === 'GET /_next/a.js')).toHaveLength(1);
    expect(mod.renderTable([login, accounts])).toMatch(/\/accounts\s+2\s+\d+\.\d\s+\d+\.\d/);
  });

  it('main prints a table and a JSON line; /login is measured signed out', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      await mod.main(['--base', base, '--routes', '/login,/accounts', '--email', 'a@b.c', '--password', 'right']);
      const lines = log.mock.calls.map((c) => String(c[0]));
      expect(lines[0]).toMatch(/^Route\s+Files\s+Raw kB\s+Gzip kB/);
      const json = JSON.parse(lines[lines.length - 1]);
      expect(json.routes.map((r: Measured) => [r.route, r.files])).toEqual([['/login', 1], ['/accounts', 2]]);
      expect(json.shared.files).toBe(1);
    } finally {
      log.mockRestore();
    }
  });

  it('fails clearly on bad credentials', async () => {
    await expect(mod.signIn({ base, email: 'admin@acme.test', password: 'wrong' })).rejects.toThrow(
      'Sign-in failed for admin@acme.test: error=CredentialsSignin.',
    );
  });

  it('fails clearly when a route redirects to /login', async () => {
    await expect(mod.measureRoute({ base, route: '/accounts' })).rejects.toThrow(/Route \/accounts redirected to \/login/);
  });
});
