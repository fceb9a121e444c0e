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
  // PGlite loads its WASM and data files by path; bundling it breaks that.
  serverExternalPackages: ['@electric-sql/pglite'],
  // Lets parallel builds (several work trees' tests on one machine) keep separate outputs.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  reactStrictMode: true,
  // forbidden()/unauthorized(): a refused server action answers HTTP 403 (lib/actions/safe-action.ts).
  experimental: { authInterrupts: true },
  // Files the proxy does not see (proxy.ts matcher) get the static part of its security headers; HSTS and the CSP
  // depend on PUBLIC_URL and the request, so they stay with the proxy.
  async headers() {
    const values = [
      { key: 'X-Content-Type-Options', value: 'nosniff' },
      { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
      { key: 'X-Frame-Options', value: 'DENY' },
    ];
    return ['/_next/static/:path*', '/_next/image', '/favicon.ico'].map((source) => ({ source, headers: values }));
  },
};
export default withNextIntl(nextConfig);
