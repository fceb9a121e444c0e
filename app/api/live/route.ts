import { failureResponse } from '@/lib/actions/route-handler';
import { can } from '@/lib/auth/permissions';
import { makeFailure, type MessageValues } from '@/lib/errors';
import { errorsTranslator } from '@/lib/i18n/errors-translator';
import { getCurrentUser } from '@/lib/auth/session';
import { concernsSession, getSessionInvalidator } from '@/lib/auth/session-invalidation';
import { isSessionStillValid } from '@/lib/auth/sessions';
import { now } from '@/lib/clock';
import { getDb } from '@/lib/db/client';
import { parseLastEventId } from '@/lib/domain/live/events';
import { getLiveBus } from '@/lib/live/bus';
import { getLiveStatus } from '@/lib/live/status';
import { latestSeq, listEventsAfter } from '@/lib/live/store';
import { openLiveStream, StreamSlots, MAX_STREAMS_PER_USER } from '@/lib/live/stream';
import { withApiHeaders } from '@/lib/security/api-headers';

export const dynamic = 'force-dynamic';

const globalForSlots = globalThis as unknown as { __liveSlots?: StreamSlots };
const slots = (globalForSlots.__liveSlots ??= new StreamSlots());

/** Refusals in the one failure shape (lib/errors), worded from the catalogue like every other route handler's. */
async function refuse(status: number, code: string, values?: MessageValues): Promise<Response> {
  return withApiHeaders(failureResponse(makeFailure(code, status, { values, t: await errorsTranslator() })));
}

/** `GET /api/live`: server-sent events of received webhooks (type and resource ids) for the signed-in user. */
export async function GET(request: Request): Promise<Response> {
  const user = await getCurrentUser();
  if (!user) return refuse(401, 'UNAUTHENTICATED');
  if (user.mustChangePassword) return refuse(403, 'PASSWORD_CHANGE_REQUIRED');
  if (!can(user.role, 'overview:read')) return refuse(403, 'FORBIDDEN');

  const release = slots.acquire(user.id);
  if (!release) {
    return refuse(429, 'TOO_MANY_STREAMS', { max: MAX_STREAMS_PER_USER });
  }
  try {
    const [db, bus, sessions] = await Promise.all([getDb(), getLiveBus(), getSessionInvalidator()]);
    const session = { sessionId: user.sessionId, userId: user.id };
    const url = new URL(request.url);
    const stream = openLiveStream({
      bus,
      // EventSource sends the header on its own reconnects; our client's manual reconnects use the query.
      lastEventId: parseLastEventId(request.headers.get('last-event-id') ?? url.searchParams.get('lastEventId')),
      loadAfter: (seq, limit) => listEventsAfter(db, seq, limit),
      latestSeq: () => latestSeq(db),
      checkSession: () => isSessionStillValid(db, user.sessionId, now()),
      watchSession: (recheck) => sessions.onInvalidation((what) => concernsSession(what, session) && recheck()),
      status: getLiveStatus,
      signal: request.signal,
      onClose: release,
      userId: user.id,
    });
    return withApiHeaders(new Response(stream, {
      headers: {
        'Content-Type': 'text/event-stream; charset=utf-8',
        // no-transform: the server's gzip would otherwise buffer the stream.
        'Cache-Control': 'no-store, no-transform',
        'X-Accel-Buffering': 'no',
      },
    }));
  } catch (error) {
    release();
    throw error;
  }
}
