import { getApiClient } from '@/lib/api/default-client';
import { readiness } from '@/lib/health/readiness';
import { withApiHeaders } from '@/lib/security/api-headers';
import { whenConsoleReady } from '@/lib/startup';

export const dynamic = 'force-dynamic';

/**
 * Readiness for a load balancer: 200 `{ready: true, checks}` while the database answers, every migration is applied
 * and the FX service issues a token; 503 otherwise, and from the moment a SIGTERM starts the drain. `/api/health`
 * stays the liveness probe (the process is up and started).
 */
export async function GET() {
  let body;
  try {
    await whenConsoleReady();
    body = await readiness({ serviceToken: () => getApiClient().tokens.getToken() });
  } catch {
    body = { ready: false, checks: { database: 'pending', migrations: 'pending', service: 'pending' } };
  }
  return withApiHeaders(Response.json(body, { status: body.ready ? 200 : 503, headers: { 'Cache-Control': 'no-store' } }));
}
