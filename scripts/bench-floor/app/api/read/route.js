// The console's read with nothing of ours: one fetch over keep-alive (Next's fetch, undici's pooled connections), its
// JSON parsed and answered again. To FLOOR_UPSTREAM (another bare Next route), or with `?via=service` to FLOOR_SERVICE
// with FLOOR_AUTHORIZATION as its bearer (the service the console calls).
const upstream = process.env.FLOOR_UPSTREAM;
const service = process.env.FLOOR_SERVICE;
const authorization = process.env.FLOOR_AUTHORIZATION;

export const dynamic = 'force-dynamic';

export async function GET(request) {
  const viaService = new URL(request.url).searchParams.get('via') === 'service';
  const res = await fetch(viaService ? service : upstream, {
    cache: 'no-store',
    headers: { Accept: 'application/json', ...(viaService && authorization ? { Authorization: authorization } : {}) },
  });
  const data = await res.json();
  return Response.json({ data }, { status: res.status, headers: { 'Cache-Control': 'no-store' } });
}
