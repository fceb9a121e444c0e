import { metricsResponse } from '@/lib/observability/metrics-route';
import { withApiHeaders } from '@/lib/security/api-headers';

export const dynamic = 'force-dynamic';

/** Prometheus exposition; 404 unless METRICS_TOKEN is set, 401 without it as `Authorization: Bearer …`. */
export async function GET(request: Request) {
  return withApiHeaders(await metricsResponse(request.headers.get('authorization')));
}
