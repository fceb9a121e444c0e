import { z } from 'zod';
import { guardedGet, jsonResponse, routeFailure } from '@/lib/actions/route-handler';
import { pickLocale } from '@/lib/i18n/config';
import { MAX_QUERY_LENGTH } from '@/lib/domain/search/query';
import { search } from '@/lib/search/search-service';

export const dynamic = 'force-dynamic';

const querySchema = z.object({ q: z.string().max(MAX_QUERY_LENGTH) }).strict();

/**
 * The command palette's search: `?q=` (up to 100 characters; empty = the newest operations). Every signed-in user
 * may search; each kind of result is kept only for roles that read it (lib/domain/search/results.ts). The text is
 * never parsed as a filter or SQL: it is classified into an id fragment, a name and exact amounts, read in the
 * user's locale.
 */
export const GET = guardedGet('overview:read', async ({ request, user }) => {
  const raw: Record<string, string> = {};
  for (const [key, value] of new URL(request.url).searchParams) raw[key] = value;
  const parsed = querySchema.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const keys = issue.code === 'unrecognized_keys' ? issue.keys : [issue.path.map(String).join('.') || 'q'];
      for (const key of keys) fieldErrors[key] ??= issue.code === 'unrecognized_keys' ? 'UNKNOWN_PARAMETER' : 'INVALID_FIELD';
    }
    return routeFailure('INVALID_QUERY', 400, fieldErrors);
  }
  const locale = pickLocale(user.locale, request.headers.get('accept-language'));
  return jsonResponse(await search(user, parsed.data.q, locale));
});
