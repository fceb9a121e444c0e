import { companyCredentials } from '@/lib/api/default-client';
import { getDb } from '@/lib/db/client';
import { getLiveBus } from '@/lib/live/bus';
import { receiveWebhook } from '@/lib/live/receiver';

export const dynamic = 'force-dynamic';

/**
 * The console's own webhook endpoint (the service delivers here). No session: it authenticates by the delivery
 * signature, and the proxy exempts it from the Origin check (lib/security/origin-check.ts).
 */
export function POST(request: Request): Promise<Response> {
  return receiveWebhook(request, { getDb, getCredentials: companyCredentials, getBus: getLiveBus });
}
