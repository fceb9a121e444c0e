import { withApiHeaders } from '@/lib/security/api-headers';
import { whenConsoleReady } from '@/lib/startup';

export const dynamic = 'force-dynamic';

/** 200 once start-up (migrations, seed, sandbox) has finished; Playwright's webServer waits on this. */
export async function GET() {
  try {
    await whenConsoleReady();
    return withApiHeaders(Response.json({ ok: true }, { headers: { 'Cache-Control': 'no-store' } }));
  } catch {
    return withApiHeaders(Response.json({ ok: false }, { status: 503, headers: { 'Cache-Control': 'no-store' } }));
  }
}
