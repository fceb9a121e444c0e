import { guardedGet, jsonResponse, routeFailure } from '@/lib/actions/route-handler';
import { readInbox } from '@/lib/notifications/inbox';

export const dynamic = 'force-dynamic';

const MAX_LIMIT = 50;

/** The signed-in user's inbox, newest first, each item with its words (lib/notifications/inbox.ts): `{items, unread, next}`; `?limit=` (1-50, 10) and `?before=` (a `next`). */
export const GET = guardedGet('overview:read', async ({ request, user }) => {
  const params = new URL(request.url).searchParams;
  const rawLimit = params.get('limit') ?? '10';
  if (!/^\d{1,2}$/.test(rawLimit) || Number(rawLimit) < 1 || Number(rawLimit) > MAX_LIMIT) {
    return routeFailure('INVALID_QUERY', 400, { limit: { code: 'NUMBER_OUT_OF_RANGE', values: { min: 1, max: MAX_LIMIT } } });
  }
  const before = params.get('before');
  if (before !== null && !/^[0-9TZ:.+-]{10,40}\|[0-9a-f-]{36}$/i.test(before)) {
    return routeFailure('INVALID_QUERY', 400, { before: 'INVALID_CURSOR' });
  }
  return jsonResponse(await readInbox(user.id, { limit: Number(rawLimit), before }));
});
