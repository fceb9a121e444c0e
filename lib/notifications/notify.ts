import 'server-only';
import { now } from '@/lib/clock';
import { getDb, type ConsoleDb } from '@/lib/db/client';
import { notificationEvent } from '@/lib/domain/live/events';
import {
  dedupeKey,
  deepLink,
  recipientsFor,
  type NotificationKind,
  type NotificationParams,
} from '@/lib/domain/notifications/kinds';
import { getLiveBus, type LiveBus } from '@/lib/live/bus';
import { activeRecipients, insertNotifications, mutedKinds } from './store';

/** One fact that may put an item in people's inboxes. */
export interface NotificationFact {
  kind: NotificationKind;
  /** What it is about (payout id, account id, `accountId:asset`, …); also the deep link's id. */
  subjectId: string;
  /** Which occurrence of this fact (see dedupeKey); empty when the fact can happen only once. */
  occurrence?: string;
  params?: NotificationParams;
  /** The user the fact is about (`payout.*` outcomes go to the requester). */
  subjectUserId?: string | null;
  /** The user who caused it: never told about their own act. */
  actorId?: string | null;
  /** The id in the deep link when it differs from `subjectId` (balance alerts link to the account). */
  linkId?: string;
}

export interface NotifyDeps {
  db?: ConsoleDb;
  bus?: LiveBus;
  at?: Date;
}

/**
 * Puts one fact in the inbox of everyone it concerns, exactly once per user (the unique dedupe key makes a
 * repeat — a retry, a second instance, the next sweep — change nothing), then tells their open tabs through the
 * live channel (PostgreSQL NOTIFY across instances). Never throws: the fact itself (a payout's transition) has
 * already happened and must not be undone by its notification; a lost push is caught up by polling.
 *
 * Exported for other features: the second-admin control change calls
 * `notify({ kind: 'control-change.pending', subjectId: change.id, actorId: proposer.id, params: { what, by, link } })`.
 */
export async function notify(fact: NotificationFact, deps: NotifyDeps = {}): Promise<string[]> {
  try {
    const db = deps.db ?? (await getDb());
    const everyone = await activeRecipients(db);
    const muted = await mutedKinds(db, everyone.map((u) => u.id));
    const targets = recipientsFor(fact.kind, fact, everyone, (id) => muted.get(id) ?? new Set());
    if (targets.length === 0) return [];
    const at = deps.at ?? now();
    const params = { ...(fact.params ?? {}) };
    const link = deepLink(fact.kind, fact.linkId ?? fact.subjectId, params);
    const key = dedupeKey(fact.kind, fact.subjectId, fact.occurrence);
    const reached = await insertNotifications(
      db,
      targets.map((userId) => ({ userId, kind: fact.kind, dedupeKey: key, params, link, createdAt: at })),
    );
    if (reached.length > 0) {
      const bus = deps.bus ?? (await getLiveBus());
      for (const userId of reached) {
        await bus.publish(notificationEvent(userId)).catch((error: unknown) => {
          console.error(`[notifications] live push failed: ${error instanceof Error ? error.message : String(error)}`);
        });
      }
    }
    return reached;
  } catch (error) {
    console.error(`[notifications] ${fact.kind} for ${fact.subjectId} not stored: ${error instanceof Error ? error.message : String(error)}`);
    return [];
  }
}
