// The framework floor of `npm run bench:proxy`: a Next app with no code of ours (no proxy, no instrumentation, no
// session), built by the benchmark (with webpack) into its own dist dir. Its two routes have the shape of the console's read.
/** @type {import('next').NextConfig} */
const config = { distDir: process.env.FLOOR_DIST_DIR || '.next-floor', poweredByHeader: false };
export default config;
