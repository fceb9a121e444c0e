import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { receivedEvents } from '@/lib/db/schema';

/**
 * The resource a message is about, when this console's receiver got the message at least once (a delivery to it
 * succeeded, or a retry or resend of it did — they keep the message id). The contract's operation and instruction
 * payloads carry no id, so this is how an attempt links to its operation; null when the message never arrived here.
 * `receiptRequestId`: the console's request id of that first receipt — the service's deliveries carry none of their
 * own, so this is the id support finds in the console's log.
 */
export async function resourceOfMessage(
  messageId: string,
): Promise<{ kind: string | null; id: string | null; receiptRequestId: string | null } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ kind: receivedEvents.resourceKind, id: receivedEvents.resourceId, receiptRequestId: receivedEvents.receiptRequestId })
    .from(receivedEvents)
    .where(eq(receivedEvents.messageId, messageId))
    .limit(1);
  return row ?? null;
}
