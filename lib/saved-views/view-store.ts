import 'server-only';
import { and, eq, or, sql } from 'drizzle-orm';
import { getDb, type ConsoleDb } from '@/lib/db/client';
import { savedViewDefaults, savedViews, users } from '@/lib/db/schema';
import type { SavedViewList } from '@/lib/domain/saved-views/list-schemas';
import type { SavedView } from '@/lib/domain/saved-views/view-policy';

const columns = {
  id: savedViews.id,
  list: savedViews.list,
  name: savedViews.name,
  query: savedViews.query,
  ownerId: savedViews.ownerId,
  ownerName: users.name,
  shared: savedViews.shared,
  teamDefault: savedViews.teamDefault,
};

async function db(database?: ConsoleDb): Promise<ConsoleDb> {
  return database ?? (await getDb());
}

/** The viewer's own views of a list and the team's shared ones (who may see them is decided by the caller). */
export async function listViews(list: SavedViewList, userId: string, database?: ConsoleDb): Promise<SavedView[]> {
  return (await db(database))
    .select(columns)
    .from(savedViews)
    .innerJoin(users, eq(users.id, savedViews.ownerId))
    .where(and(eq(savedViews.list, list), or(eq(savedViews.ownerId, userId), eq(savedViews.shared, true))));
}

export async function getView(id: string, database?: ConsoleDb): Promise<SavedView | null> {
  const [row] = await (await db(database))
    .select(columns)
    .from(savedViews)
    .innerJoin(users, eq(users.id, savedViews.ownerId))
    .where(eq(savedViews.id, id))
    .limit(1);
  return row ?? null;
}

export async function personalDefaultId(userId: string, list: SavedViewList, database?: ConsoleDb): Promise<string | null> {
  const [row] = await (await db(database))
    .select({ viewId: savedViewDefaults.viewId })
    .from(savedViewDefaults)
    .where(and(eq(savedViewDefaults.userId, userId), eq(savedViewDefaults.list, list)))
    .limit(1);
  return row?.viewId ?? null;
}

/** True when the owner already has a view of that name on that list (names compare without case). */
export async function nameTaken(ownerId: string, list: SavedViewList, name: string, exceptId?: string, database?: ConsoleDb): Promise<boolean> {
  const rows = await (await db(database))
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(and(eq(savedViews.ownerId, ownerId), eq(savedViews.list, list), sql`lower(${savedViews.name}) = lower(${name})`));
  return rows.some((r) => r.id !== exceptId);
}

export async function insertView(
  view: { list: SavedViewList; name: string; query: string; ownerId: string; shared: boolean },
  database?: ConsoleDb,
): Promise<string> {
  const [row] = await (await db(database)).insert(savedViews).values(view).returning({ id: savedViews.id });
  return row!.id;
}

export async function updateView(id: string, changes: { name?: string; shared?: boolean }, database?: ConsoleDb): Promise<void> {
  const d = await db(database);
  await d.transaction(async (tx) => {
    // Unsharing a view also takes it away as the team default and as anyone else's default.
    if (changes.shared === false) {
      await tx.update(savedViews).set({ teamDefault: false }).where(eq(savedViews.id, id));
      const [owner] = await tx.select({ ownerId: savedViews.ownerId }).from(savedViews).where(eq(savedViews.id, id));
      if (owner) {
        await tx
          .delete(savedViewDefaults)
          .where(and(eq(savedViewDefaults.viewId, id), sql`${savedViewDefaults.userId} <> ${owner.ownerId}`));
      }
    }
    await tx.update(savedViews).set({ ...changes, updatedAt: new Date() }).where(eq(savedViews.id, id));
  });
}

export async function deleteView(id: string, database?: ConsoleDb): Promise<void> {
  await (await db(database)).delete(savedViews).where(eq(savedViews.id, id));
}

export async function setPersonalDefault(userId: string, list: SavedViewList, viewId: string | null, database?: ConsoleDb): Promise<void> {
  const d = await db(database);
  if (viewId === null) {
    await d.delete(savedViewDefaults).where(and(eq(savedViewDefaults.userId, userId), eq(savedViewDefaults.list, list)));
    return;
  }
  await d
    .insert(savedViewDefaults)
    .values({ userId, list, viewId })
    .onConflictDoUpdate({ target: [savedViewDefaults.userId, savedViewDefaults.list], set: { viewId } });
}

/** At most one team default per list: setting one clears the previous in the same transaction. */
export async function setTeamDefault(view: { id: string; list: SavedViewList }, on: boolean, database?: ConsoleDb): Promise<void> {
  const d = await db(database);
  await d.transaction(async (tx) => {
    await tx.update(savedViews).set({ teamDefault: false }).where(and(eq(savedViews.list, view.list), eq(savedViews.teamDefault, true)));
    if (on) await tx.update(savedViews).set({ teamDefault: true }).where(eq(savedViews.id, view.id));
  });
}
