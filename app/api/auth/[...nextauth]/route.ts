import NextAuth from 'next-auth';
import { getAuthOptions } from '@/lib/auth/auth-options';

type RouteContext = { params: Promise<{ nextauth: string[] }> };

// Options are built per first request, not at import: `next build` loads this module without an environment.
async function handler(request: Request, context: RouteContext) {
  return NextAuth(request as never, context as never, getAuthOptions());
}

export { handler as GET, handler as POST };
