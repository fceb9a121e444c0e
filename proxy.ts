import type { NextRequest } from 'next/server';
import { handleProxy } from './lib/security/proxy-handler';

// Next 16's proxy (runs on Node): security headers + CSP nonce, origin check on writes, signed-out redirect.
// Not an authorization boundary — every page, action and route handler checks the session itself.
export function proxy(request: NextRequest) {
  return handleProxy(request);
}

export const config = {
  matcher: ['/((?!_next/static|_next/image|favicon\\.ico|sandbox|api/health).*)'],
};
