import createNextIntlPlugin from 'next-intl/plugin';

// Points next-intl's server functions (getTranslations, useTranslations in server components) at i18n/request.ts.
// `precompile`: the catalogue's ICU messages are compiled at build time, so browsers get the small formatter
// instead of the ICU parser (keeps first-load JS within a few kB of the English-only console).
const withNextIntl = createNextIntlPlugin({
  requestConfig: './i18n/request.ts',
  experimental: { messages: { path: './messages', format: 'json', locales: ['pt-BR', 'en'], precompile: true } },
});

/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite loads its WASM and data files by path; bundling it breaks that. prom-client keeps one module-level default
  // registry and cluster hooks that should not be copied into each route graph.
  serverExternalPackages: ['@electric-sql/pglite', 'prom-client'],
  // Lets parallel builds (several work trees' tests on one machine) keep separate outputs.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // NEXT_BROWSER_SOURCE_MAPS=1: a scratch build whose browser chunks carry source maps, to see which modules each
  // route's first-load JS holds (scripts/first-load-manifest.mjs --sources) and to read CPU profiles by source.
  productionBrowserSourceMaps: process.env.NEXT_BROWSER_SOURCE_MAPS === '1',
  // Next's trailing-slash 308 is made before any header of ours can be set on it; the proxy makes it instead
  // (lib/security/proxy-handler.ts).
  skipTrailingSlashRedirect: true,
  reactStrictMode: true,
  // `npm test` type-checks the whole tree (`tsc --noEmit`) before it builds; the build's own check of the same
  // files is then a second pass of ~23 s. Every other build (`npm run demo`, `npm run build`) still checks.
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_SKIP_TYPECHECK === '1' },
  // forbidden()/unauthorized(): a refused server action answers HTTP 403 (lib/actions/safe-action.ts).
  experimental: { authInterrupts: true },
  // Every answer, including the ones no code of ours makes — Next's 308 for a trailing slash, its 405 for a method a
  // route handler does not export, static files, a 404 outside the proxy — gets the static security headers and a
  // policy that loads nothing. The proxy, route handlers and the sandbox mount replace the policy with their own
  // (a page's nonced one, the JSON one); HSTS depends on PUBLIC_URL at run time, so it stays with them.
  async headers() {
    const values = [
      { key: 'X-Content-Type-Options', value: 'nosniff' },
      { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
      { key: 'X-Frame-Options', value: 'DENY' },
      { key: 'Content-Security-Policy', value: "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'" },
    ];
    return [{ source: '/:path*', headers: values }];
  },
};
export default withNextIntl(nextConfig);
