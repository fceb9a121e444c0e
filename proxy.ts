import type { NextRequest } from 'next/server';
import { handleProxy } from './lib/security/proxy-handler';

// Next 16's proxy (runs on Node): security headers + CSP nonce, origin check on writes, signed-out redirect.
// Not an authorization boundary — every page, action and route handler checks the session itself.
export function proxy(request: NextRequest) {
  return handleProxy(request);
}

// Each exclusion is anchored (a whole segment, or the whole path): `/sandboxzzz`, `/_next/imagez` or `/favicon.icoz`
// must not skip the proxy's headers and origin check. The embedded sandbox sets its own headers
// (app/sandbox/[[...path]]/route.ts, `/sandbox` itself included); static files, and the answers Next makes itself
// (308, 405), get the static ones from next.config.mjs.
// - The document upload route (`/api/uploads/<accountId>`, exactly one segment): Next copies the body of every request
//   its proxy sees into memory (next/dist/server/body-streams.js, cut off at 10 MiB), which would defeat the streamed
//   upload; that route checks the origin and sets the headers itself.
// - Our read-only route handlers, each by its exact shape: running the proxy at all costs about 0.9 ms of Next's own
//   work per request (`npm run bench:proxy`: a 405 outside the matcher against /api/health through it), more than the
//   route's session check and service call together. They export GET only (a write is Next's 405 before any code of
//   ours runs, so there is no origin to check), check the session themselves (lib/actions/route-handler.ts) and set the
//   same headers (lib/security/api-headers.ts). A longer or shorter path, e.g. `/api/health/x`, still goes through.
// lib/security/hardening.test.ts lists the paths on each side and checks each excluded route exports GET only.
export const config = {
  matcher: [
    '/((?!_next/static(?:/|$)|_next/image(?:/|$)|favicon\\.ico$|sandbox(?:/|$)|api/(?:(?:uploads|accounts|webhook-logs|webhook-replays)/[^/]+|accounts|balances|operations|operations/export|audit/export|health|ready|metrics|live)$).*)',
  ],
};
