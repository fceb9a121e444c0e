import 'server-only';
import { and, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { ConsoleDb } from '@/lib/db/client';
import { lowBalanceThresholds, notificationPreferences, notifications, users, type NotificationRow } from '@/lib/db/schema';
import { isRole } from '@/lib/auth/permissions';
import { isNotificationKind, kindsForRole, type NotificationKind, type Recipient } from '@/lib/domain/notifications/kinds';

/** One stored item as the console reads it; the browser gets it with its words (lib/notifications/inbox.ts). */
export interface NotificationView {
  id: string;
  kind: NotificationKind;
  params: Record<string, string>;
  link: string;
  createdAt: string;
  read: boolean;
}

export function toView(row: NotificationRow): NotificationView | null {
  if (!isNotificationKind(row.kind)) return null;
  return { id: row.id, kind: row.kind, params: row.params, link: row.link, createdAt: row.createdAt.toISOString(), read: row.readAt !== null };
}

export interface InboxPage {
  items: NotificationView[];
  unread: number;
  /** The `createdAt|id` of the last item when there may be more (older) ones. */
  next: string | null;
}

/** Newest first, keyset-paged on (created_at, id) — the (user_id, created_at) index. */
export async function listInbox(db: ConsoleDb, userId: string, opts: { limit: number; before?: string | null }): Promise<InboxPage> {
  const [at, id] = (opts.before ?? '').split('|');
  const cursor =
    at && id && !Number.isNaN(Date.parse(at))
      ? or(lt(notifications.createdAt, new Date(at)), and(eq(notifications.createdAt, new Date(at)), lt(notifications.id, id)))
      : undefined;
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), cursor))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(opts.limit + 1);
  const page = rows.slice(0, opts.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toView).filter((v): v is NotificationView => v !== null),
    unread: await unreadCount(db, userId),
    next: rows.length > opts.limit && last ? `${last.createdAt.toISOString()}|${last.id}` : null,
  };
}

export async function unreadCount(db: ConsoleDb, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** Marks some (or, without ids, all) of this user's unread items read; another user's ids change nothing. */
export async function markRead(db: ConsoleDb, userId: string, at: Date, ids?: readonly string[]): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), ids ? inArray(notifications.id, [...ids]) : undefined))
    .returning({ id: notifications.id });
  return rows.length;
}

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  dedupeKey: string;
  params: Record<string, string>;
  link: string;
  createdAt: Date;
}

/** The guarded insert: a (user, fact) already stored is skipped. Returns the users who got a new item. */
export async function insertNotifications(db: ConsoleDb, rows: readonly NewNotification[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(notifications)
    .values([...rows])
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
    .returning({ userId: notifications.userId });
  return inserted.map((r) => r.userId);
}

/** Every user who may receive something (not disabled), with their role. */
export async function activeRecipients(db: ConsoleDb): Promise<Recipient[]> {
  const rows = await db.select({ id: users.id, role: users.role }).from(users).where(isNull(users.disabledAt));
  return rows.flatMap((r) => (isRole(r.role) ? [{ id: r.id, role: r.role }] : []));
}

/** The kinds each of these users turned off. */
export async function mutedKinds(db: ConsoleDb, userIds: readonly string[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({ userId: notificationPreferences.userId, kind: notificationPreferences.kind })
    .from(notificationPreferences)
    .where(and(inArray(notificationPreferences.userId, [...userIds]), eq(notificationPreferences.enabled, false)));
  for (const r of rows) {
    const set = out.get(r.userId) ?? new Set<string>();
    set.add(r.kind);
    out.set(r.userId, set);
  }
  return out;
}

/**
 * Saves which kinds this user gets: one row per kind their role can receive (a kind outside it is ignored, so a
 * later role change starts from "on" for what it adds).
 */
export async function savePreferences(
  db: ConsoleDb,
  user: { id: string; role: Parameters<typeof kindsForRole>[0] },
  muted: readonly string[],
  at: Date,
): Promise<NotificationKind[]> {
  const offered = kindsForRole(user.role);
  const off = new Set(muted);
  if (offered.length > 0) {
    await db
      .insert(notificationPreferences)
      .values(offered.map((kind) => ({ userId: user.id, kind, enabled: !off.has(kind), updatedAt: at })))
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: { enabled: sql`excluded.enabled`, updatedAt: at },
      });
  }
  return offered.filter((k) => off.has(k));
}

export async function listThresholds(db: ConsoleDb, accountId?: string) {
  return db
    .select()
    .from(lowBalanceThresholds)
    .where(accountId ? eq(lowBalanceThresholds.accountId, accountId) : undefined)
    .orderBy(lowBalanceThresholds.accountId, lowBalanceThresholds.asset);
}

/** Sets (or, with null, removes) an account and asset's threshold. A changed threshold re-arms the alert. */
export async function setThreshold(
  db: ConsoleDb,
  input: { accountId: string; asset: string; threshold: string | null },
  actor: { id: string; email: string },
  at: Date,
): Promise<{ before: string | null; after: string | null }> {
  const [existing] = await db
    .select({ threshold: lowBalanceThresholds.threshold })
    .from(lowBalanceThresholds)
    .where(and(eq(lowBalanceThresholds.accountId, input.accountId), eq(lowBalanceThresholds.asset, input.asset)));
  if (input.threshold === null) {
    await db
      .delete(lowBalanceThresholds)
      .where(and(eq(lowBalanceThresholds.accountId, input.accountId), eq(lowBalanceThresholds.asset, input.asset)));
  } else {
    const values = { threshold: input.threshold, belowSince: null, updatedById: actor.id, updatedByEmail: actor.email, updatedAt: at };
    await db
      .insert(lowBalanceThresholds)
      .values({ accountId: input.accountId, asset: input.asset, ...values })
      .onConflictDoUpdate({ target: [lowBalanceThresholds.accountId, lowBalanceThresholds.asset], set: values });
  }
  return { before: existing?.threshold ?? null, after: input.threshold };
}

/**
 * The watch saw the balance: low → `below_since` set by one guarded update (returns that instant when this call
 * set it: the alert's occurrence); ok → cleared, so the next fall alerts again.
 */
export async function markBalance(db: ConsoleDb, accountId: string, asset: string, state: 'low' | 'ok', at: Date): Promise<Date | null> {
  const key = and(eq(lowBalanceThresholds.accountId, accountId), eq(lowBalanceThresholds.asset, asset));
  if (state === 'ok') {
    await db.update(lowBalanceThresholds).set({ belowSince: null }).where(and(key, sql`${lowBalanceThresholds.belowSince} is not null`));
    return null;
  }
  const rows = await db
    .update(lowBalanceThresholds)
    .set({ belowSince: at })
    .where(and(key, isNull(lowBalanceThresholds.belowSince)))
    .returning({ at: lowBalanceThresholds.belowSince });
  return rows[0]?.at ?? null;
}
