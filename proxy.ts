import type { NextRequest } from 'next/server';
import { handleProxy } from './lib/security/proxy-handler';

// Next 16's proxy (runs on Node): security headers + CSP nonce, origin check on writes, signed-out redirect.
// Not an authorization boundary — every page, action and route handler checks the session itself.
export function proxy(request: NextRequest) {
  return handleProxy(request);
}

// Each exclusion is anchored (a whole segment, or the whole path): `/sandboxzzz`, `/_next/imagez` or `/favicon.icoz`
// must not skip the proxy's headers and origin check. `/api/health` is not excluded: it gets the same headers as
// pages. The embedded sandbox sets its own (app/sandbox/[...path]/route.ts); static files get theirs from
// next.config.mjs. The document upload route (`/api/uploads/<accountId>`, exactly one segment) is excluded too:
// Next copies the body of every request its proxy sees into memory (next/dist/server/body-streams.js, cut off at
// 10 MiB), which would defeat the streamed upload; that route checks the origin and sets the headers itself.
// lib/security/hardening.test.ts lists the paths on each side.
export const config = {
  matcher: ['/((?!_next/static(?:/|$)|_next/image(?:/|$)|favicon\\.ico$|sandbox(?:/|$)|api/uploads/[^/]+$).*)'],
};
