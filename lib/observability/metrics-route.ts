import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { readObservabilityConfig } from '@/lib/config/observability';
import { metrics } from './metrics';

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `/api/metrics`: off (404, as if absent) without METRICS_TOKEN; the bearer token compared in constant time. */
export async function metricsResponse(authorization: string | null, env: Record<string, string | undefined> = process.env): Promise<Response> {
  const token = readObservabilityConfig(env).metricsToken;
  const m = metrics();
  if (!token || !m) return Response.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404, headers: { 'Cache-Control': 'no-store' } });
  const given = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1]?.trim() ?? '';
  if (!sameToken(given, token)) {
    return Response.json({ code: 'UNAUTHENTICATED', message: 'A bearer token is required' }, { status: 401, headers: { 'Cache-Control': 'no-store', 'WWW-Authenticate': 'Bearer' } });
  }
  return new Response(await m.registry.metrics(), { headers: { 'Content-Type': m.registry.contentType, 'Cache-Control': 'no-store' } });
}
