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
};
export default nextConfig;
