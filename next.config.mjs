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
export default nextConfig;
