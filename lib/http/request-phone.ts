import 'server-only';
import { headers } from 'next/headers';
import { isPhoneRequest } from './phone';

/** Whether the request being rendered comes from a phone (./phone.ts says how that is told). */
export async function requestIsPhone(): Promise<boolean> {
  const h = await headers();
  return isPhoneRequest(h.get('sec-ch-ua-mobile'), h.get('user-agent'));
}
