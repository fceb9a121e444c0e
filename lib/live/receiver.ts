import 'server-only';
import type { ConsoleDb } from '@/lib/db/client';
import { atTimeOf, resourceIdOf, resourceKindOf, type LiveEvent } from '@/lib/domain/live/events';
import type { LiveBus } from './bus';
import { verifyMessageSignature } from '@/lib/webhooks/webhook-signature';
import { errorField, log } from '@/lib/observability/logger';
import { count } from '@/lib/observability/metrics';
import { readCappedBody } from '@/lib/security/capped-body';
import { currentRequestId } from '@/lib/observability/request-context';
import { insertReceivedEvent } from './store';

/** Largest delivery body accepted (the service's events are a few kB). */
export const MAX_WEBHOOK_BYTES = 256 * 1024;

export interface ReceiverDeps {
  getDb: () => Promise<ConsoleDb>;
  getCredentials: () => Promise<{ clientId: string; clientSecret: string }>;
  getBus: () => Promise<LiveBus>;
  now?: () => Date;
}

const MESSAGE_ID = /^[A-Za-z0-9._:-]{1,200}$/;
const EVENT_TYPE = /^[A-Za-z0-9_.:-]{1,100}$/;

/** A refusal (bad signature, size, type or body): counted as a rejected receipt. */
function answer(status: number, code: string, message: string): Response {
  count((m) => m.webhookReceipts, { outcome: 'rejected' });
  log().warn({ kind: 'webhook', status, code }, 'webhook delivery refused');
  return Response.json({ code, message }, { status, headers: { 'Cache-Control': 'no-store' } });
}

/**
 * `POST /api/webhooks`. Cheap refusals first — size by Content-Length (413), signature over the message id
 * (401), then the body read with a hard cap (413) and parsed (400) — so nothing is stored and no work is done for
 * a request that is not a genuine delivery. A genuine one is one INSERT … ON CONFLICT DO NOTHING on the message
 * id (a re-delivery answers 200 and changes nothing) and, when new, one publish to the live streams; anything
 * slower (reading the operation, refreshing pages) happens in the browsers that the publish wakes.
 */
export async function receiveWebhook(request: Request, deps: ReceiverDeps): Promise<Response> {
  const declared = request.headers.get('content-length');
  if (declared !== null && (!/^\d+$/.test(declared) || Number(declared) > MAX_WEBHOOK_BYTES)) {
    return answer(413, 'PAYLOAD_TOO_LARGE', `A delivery may be at most ${MAX_WEBHOOK_BYTES} bytes.`);
  }
  const messageId = request.headers.get('x-message-id')?.trim() || null;
  const signature = request.headers.get('x-message-signature');
  const credentials = await deps.getCredentials();
  if (!messageId || !MESSAGE_ID.test(messageId) || !verifyMessageSignature(messageId, signature, credentials)) {
    return answer(401, 'INVALID_SIGNATURE', 'The delivery signature is missing or does not match.');
  }
  const eventType = request.headers.get('x-event-type')?.trim() ?? '';
  if (!EVENT_TYPE.test(eventType)) return answer(400, 'INVALID_EVENT_TYPE', 'X-Event-Type is missing or malformed.');

  let bytes: Uint8Array | null;
  try {
    bytes = await readCappedBody(request.body, MAX_WEBHOOK_BYTES);
  } catch {
    return answer(400, 'UNREADABLE_BODY', 'The delivery body could not be read.');
  }
  if (!bytes) return answer(413, 'PAYLOAD_TOO_LARGE', `A delivery may be at most ${MAX_WEBHOOK_BYTES} bytes.`);
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return answer(400, 'INVALID_JSON', 'The delivery body is not JSON.');
  }
  if (payload === null || typeof payload !== 'object') return answer(400, 'INVALID_JSON', 'The delivery body is not a JSON object.');

  const kind = resourceKindOf(eventType, request.headers.get('x-resource-name'));
  const id = resourceIdOf(kind, payload, request.headers.get('x-resource-id'));
  const atTime = atTimeOf(payload);
  const db = await deps.getDb();
  const stored = await insertReceivedEvent(db, {
    messageId,
    eventType,
    resourceKind: kind,
    resourceId: id,
    companyId: request.headers.get('x-company-id')?.slice(0, 200) || null,
    atTime: atTime ? new Date(atTime) : null,
    payload,
    receivedAt: deps.now?.() ?? new Date(),
    receiptRequestId: currentRequestId() ?? null,
  });
  count((m) => m.webhookReceipts, { outcome: stored.inserted ? 'accepted' : 'duplicate' });
  log().info({ kind: 'webhook', eventType, messageId, duplicate: !stored.inserted }, 'webhook received');
  if (!stored.inserted) return Response.json({ received: true, duplicate: true }, { status: 200 });

  const event: LiveEvent = { seq: stored.seq, type: eventType, kind, id, atTime };
  try {
    await (await deps.getBus()).publish(event);
  } catch (error) {
    // Stored is what matters for the service (a 5xx would make it re-deliver a row we already have); streams
    // that missed the push catch up from the database on their next reconnect.
    log().error({ kind: 'live', seq: stored.seq, error: errorField(error) }, 'live publish failed');
  }
  return Response.json({ received: true, duplicate: false }, { status: 200 });
}
