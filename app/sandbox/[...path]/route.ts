import { ensureSandbox } from '@/lib/sandbox/host';

// The embedded service: every method under /sandbox/** goes to the framework-free sandbox handler.
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

async function handle(req: Request): Promise<Response> {
  const { getEnv } = await import('@/lib/env');
  if (getEnv().SANDBOX !== 'on') {
    return Response.json({ code: 'ROUTE_NOT_FOUND', message: 'The sandbox is disabled', details: {} }, { status: 404 });
  }
  return (await ensureSandbox()).handle(req);
}

export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE };
