// A service's read with no work behind it: the JSON the benchmark gave this process at start (one account, as the
// service sends it), answered by Next alone.
const body = process.env.FLOOR_BODY ?? '{}';

export const dynamic = 'force-dynamic';

export function GET() {
  return new Response(body, { headers: { 'Content-Type': 'application/json' } });
}
