import { ensureSandbox } from '@/lib/sandbox/host';
import { securityHeaders } from '@/lib/security/csp';

// The embedded service: every method under /sandbox/** goes to the framework-free sandbox handler.
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

// The proxy skips /sandbox (it authenticates by Bearer token, not by session or Origin), so its answers get the
// pages' static security headers here; JSON never needs scripts, styles or frames. The sandbox handler itself adds
// nosniff and no-store (every mount).
const JSON_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

async function handle(req: Request): Promise<Response> {
  const { getEnv } = await import('@/lib/env');
  const env = getEnv();
  const response =
    env.SANDBOX !== 'on'
      ? Response.json({ code: 'ROUTE_NOT_FOUND', message: 'The sandbox is disabled', details: {} }, { status: 404 })
      : await (await ensureSandbox()).handle(req);
  for (const [name, value] of Object.entries(securityHeaders({ https: env.SECURE_COOKIES }))) response.headers.set(name, value);
  response.headers.set('Content-Security-Policy', JSON_CSP);
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE };
