import NextAuth from 'next-auth';
import { getAuthOptions } from '@/lib/auth/auth-options';
import { checkAuthBody } from '@/lib/security/auth-body';
import { asRateLimitedResponse } from '@/lib/auth/sign-in-rate-limit';

type RouteContext = { params: Promise<{ nextauth: string[] }> };

// Options are built per first request, not at import: `next build` loads this module without an environment.
async function handler(request: Request, context: RouteContext) {
  // A malformed JSON body is a 400 here, not next-auth's 500 with an empty body.
  const refused = await checkAuthBody(request);
  if (refused) return refused;
  const response: Response = await NextAuth(request as never, context as never, getAuthOptions());
  // A sign-in refused by a rate limit is a 429 with Retry-After, not next-auth's 200/302.
  return request.method === 'POST' ? asRateLimitedResponse(response) : response;
}

export { handler as GET, handler as POST };
