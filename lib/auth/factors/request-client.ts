import 'server-only';
import { headers } from 'next/headers';
import { resolveClientAddress } from '../../security/client-address';
import { REQUEST_ID_HEADER } from '../../security/headers';

export type RequestClient = { clientAddress: string | null; userAgent: string | null; correlationId: string };

/**
 * Who is asking, for the audit of sign-in steps and factor changes. The client address comes from the one place that
 * decides it for the lockout and the limits (lib/security/client-address.ts), so a change of trust in X-Forwarded-For applies here too.
 */
export async function requestClient(): Promise<RequestClient> {
  const h = await headers();
  return {
    clientAddress: resolveClientAddress(h),
    userAgent: h.get('user-agent')?.slice(0, 200) ?? null,
    correlationId: h.get(REQUEST_ID_HEADER) ?? crypto.randomUUID(),
  };
}
