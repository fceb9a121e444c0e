import 'server-only';
import { asc, desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import { getOperation, listOperations } from '@/lib/api/operations';
import { listAccounts } from '@/lib/api/accounts';
import { isApiError } from '@/lib/api/errors';
import { listBeneficiaries } from '@/lib/api/beneficiaries';
import { getDb, type ConsoleDb } from '@/lib/db/client';
import { payoutRequests, receivedEvents, users } from '@/lib/db/schema';
import { can } from '@/lib/auth/permissions';
import type { SessionUser } from '@/lib/auth/session';
import type { AppLocale } from '@/lib/i18n/config';
import { canBeInUuid, classifyQuery, type SearchQuery } from '@/lib/domain/search/query';
import { groupHits, KIND_PERMISSION, type SearchGroup, type SearchHit } from '@/lib/domain/search/results';
import { isUuid } from '@/lib/validation/uuid';
import { MessageIdIndex } from './message-id-index';
import { SearchIndex, type SearchSource } from './search-index';

export interface SearchAnswer {
  groups: SearchGroup[];
  /** The first read of the service's lists has not finished: results may be missing (the palette says so). */
  indexing: boolean;
}

const PER_KIND_DB = 5;

const apiSource: SearchSource = {
  async listOperations(query) {
    const page = await listOperations({ limit: query.limit, cursor: query.cursor, sortOrder: query.sortOrder });
    return { data: page.data, nextCursor: page.meta.nextCursor ?? null };
  },
  async getOperation(id) {
    try {
      return (await getOperation(id)).data;
    } catch (error) {
      // A uuid that is no operation of this customer is simply not a hit.
      if (isApiError(error) && error.status === 404) return null;
      throw error;
    }
  },
  async listAccounts(query) {
    const page = await listAccounts({ limit: query.limit, cursor: query.cursor });
    return { data: page.data, nextCursor: page.meta.nextCursor ?? null };
  },
  async listBeneficiaries(query) {
    const page = await listBeneficiaries({ limit: query.limit, cursor: query.cursor });
    return { data: page.data, nextCursor: page.meta.nextCursor ?? null };
  },
};

type Holder = { index?: SearchIndex; subscribed?: Promise<void>; messageIds?: MessageIdIndex };
const globalForSearch = globalThis as unknown as { __searchIndex?: Holder };
const holder = (): Holder => (globalForSearch.__searchIndex ??= {});

/** The process's index, fed by the live bus (every received webhook, from every instance on one database). */
async function getIndex(): Promise<SearchIndex> {
  const h = holder();
  h.index ??= new SearchIndex(apiSource);
  const index = h.index;
  h.subscribed ??= (async () => {
    const { getLiveBus } = await import('@/lib/live/bus');
    const bus = await getLiveBus();
    bus.subscribe({ onEvent: (e) => index.onEvent(e), onGap: () => index.onGap() });
  })().catch(() => {
    // Without the bus the index still catches up on searches that find nothing and on the periodic re-read.
    delete holder().subscribed;
  });
  await h.subscribed;
  return index;
}

/** Tests: use this index (or forget it). */
export function setSearchIndexForTests(index: SearchIndex | undefined): void {
  if (index) globalForSearch.__searchIndex = { index, subscribed: Promise.resolve() };
  else delete globalForSearch.__searchIndex;
}

function messageIdIndex(db: ConsoleDb): MessageIdIndex {
  return (holder().messageIds ??= new MessageIdIndex((afterSeq) =>
    db
      .select({ seq: receivedEvents.seq, messageId: receivedEvents.messageId })
      .from(receivedEvents)
      .where(gt(receivedEvents.seq, afterSeq))
      .orderBy(asc(receivedEvents.seq)),
  ));
}

function likeLiteral(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

// Accents folded in SQL the way foldText folds them in JS (Portuguese and Spanish letters; unaccent is an
// extension PGlite and a managed PostgreSQL may lack).
const FROM = 'áàâãäåéèêëíìîïóòôõöúùûüçñ';
const TO = 'aaaaaaeeeeiiiiooooouuuucn';
function folded(column: SQL | typeof users.name): SQL {
  return sql`translate(lower(${column}), ${FROM}, ${TO})`;
}

async function findPayouts(db: ConsoleDb, q: SearchQuery): Promise<SearchHit[]> {
  const conditions: SQL[] = [];
  if (q.idFragment && canBeInUuid(q.idFragment)) {
    conditions.push(sql`${payoutRequests.id}::text like ${`%${likeLiteral(q.idFragment)}%`}`);
    conditions.push(sql`lower(coalesce(${payoutRequests.operationId}::text, '')) like ${`%${likeLiteral(q.idFragment)}%`}`);
  }
  if (q.name) conditions.push(sql`${folded(sql`${payoutRequests.beneficiaryName}`)} like ${`%${likeLiteral(q.name)}%`}`);
  for (const amount of q.amounts) conditions.push(sql`${payoutRequests.amount}::numeric = ${amount}::numeric`);
  if (conditions.length === 0) return [];
  const rows = await db
    .select({
      id: payoutRequests.id,
      beneficiaryName: payoutRequests.beneficiaryName,
      requesterName: payoutRequests.requesterName,
      status: payoutRequests.status,
      amount: payoutRequests.amount,
      fixedSide: payoutRequests.fixedSide,
      sourceAsset: payoutRequests.sourceAsset,
      targetAsset: payoutRequests.targetAsset,
      createdAt: payoutRequests.createdAt,
    })
    .from(payoutRequests)
    .where(or(...conditions))
    .orderBy(desc(payoutRequests.createdAt))
    .limit(PER_KIND_DB);
  return rows.map((r) => ({
    kind: 'payout',
    id: r.id,
    title: r.beneficiaryName,
    detail: r.requesterName,
    status: r.status,
    amount: { value: r.amount, asset: r.fixedSide === 'source' ? r.sourceAsset : r.targetAsset },
    at: r.createdAt.toISOString(),
    href: `/payouts/${r.id}`,
    matchedBy: q.idFragment && r.id.includes(q.idFragment) ? 'id' : q.name ? 'name' : 'amount',
  }));
}

async function findUsers(db: ConsoleDb, q: SearchQuery): Promise<SearchHit[]> {
  const conditions: SQL[] = [];
  if (q.idFragment && canBeInUuid(q.idFragment)) conditions.push(sql`${users.id}::text like ${`%${likeLiteral(q.idFragment)}%`}`);
  if (q.name) {
    conditions.push(sql`${folded(users.name)} like ${`%${likeLiteral(q.name)}%`}`);
    conditions.push(sql`lower(${users.email}) like ${`%${likeLiteral(q.name)}%`}`);
  }
  if (conditions.length === 0) return [];
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, disabledAt: users.disabledAt, createdAt: users.createdAt })
    .from(users)
    .where(or(...conditions))
    .orderBy(desc(users.createdAt))
    .limit(PER_KIND_DB);
  return rows.map((r) => ({
    kind: 'user',
    id: r.id,
    title: r.name,
    detail: r.email,
    status: r.disabledAt ? 'DISABLED' : 'ACTIVE',
    amount: null,
    at: r.createdAt.toISOString(),
    href: '/team',
    matchedBy: q.name ? 'name' : 'id',
  }));
}

const RESOURCE_PATH: Record<string, string> = { OPERATION: '/operations', BENEFICIARY: '/beneficiaries', ACCOUNT: '/accounts' };

/** Message ids to read for a fragment the id index (MessageIdIndex) matched, newest first, a few more than shown. */
const MESSAGE_CANDIDATES = 50;

/**
 * Message ids are uuids: a fragment no uuid can hold finds none. A whole id is read through the unique index (as
 * received, or upper case: the spellings a service sends); a fragment is matched in memory (MessageIdIndex), and
 * the rows it names are read by primary key.
 */
async function messageIdCondition(db: ConsoleDb, fragment: string): Promise<SQL | null> {
  if (!canBeInUuid(fragment)) return null;
  if (isUuid(fragment)) return or(eq(receivedEvents.messageId, fragment), eq(receivedEvents.messageId, fragment.toUpperCase()))!;
  const ids = messageIdIndex(db);
  await ids.refresh();
  const seqs = ids.find(fragment, MESSAGE_CANDIDATES);
  return seqs.length > 0 ? inArray(receivedEvents.seq, seqs) : null;
}

async function findWebhookMessages(db: ConsoleDb, q: SearchQuery): Promise<SearchHit[]> {
  const condition = q.idFragment ? await messageIdCondition(db, q.idFragment) : null;
  if (!condition) return [];
  const rows = await db
    .select({
      messageId: receivedEvents.messageId,
      eventType: receivedEvents.eventType,
      resourceKind: receivedEvents.resourceKind,
      resourceId: receivedEvents.resourceId,
      receivedAt: receivedEvents.receivedAt,
    })
    .from(receivedEvents)
    .where(condition)
    .orderBy(desc(receivedEvents.seq))
    .limit(PER_KIND_DB);
  return rows.map((r) => {
    const base = r.resourceKind ? RESOURCE_PATH[r.resourceKind] : undefined;
    return {
      kind: 'webhookMessage',
      id: r.messageId,
      title: r.eventType,
      detail: r.resourceId ?? '',
      status: null,
      amount: null,
      at: r.receivedAt.toISOString(),
      href: base && r.resourceId && isUuid(r.resourceId) ? `${base}/${r.resourceId}` : '/webhooks',
      matchedBy: 'id',
    };
  });
}

/**
 * The palette's search for `user`: the in-memory index for what the service holds, the console's own tables for
 * payouts, users and received webhook messages — each only when the role reads that kind.
 */
export async function search(user: Pick<SessionUser, 'role'>, text: string, locale: AppLocale): Promise<SearchAnswer> {
  const index = await getIndex();
  await index.prepare();
  if (text.trim() === '') {
    // The palette asks this when it opens: the first read of the message ids (all received webhooks) starts now,
    // not in the first keystroke's answer.
    if (can(user.role, KIND_PERMISSION.webhookMessage)) void getDb().then((db) => messageIdIndex(db).refresh()).catch(() => undefined);
    return { groups: groupHits(index.recent(8), user.role, 8), indexing: !index.complete };
  }
  const query = classifyQuery(text, locale);
  // Too short, or nothing an id, a name or an amount can be: no results (never "everything").
  if (!query) return { groups: [], indexing: !index.complete };
  const readsIndexed = can(user.role, 'operations:read') || can(user.role, 'accounts:read') || can(user.role, 'beneficiaries:read');
  if (readsIndexed && query.idFragment && isUuid(query.idFragment) && can(user.role, 'operations:read')) {
    await index.lookUpOperation(query.idFragment);
  }
  const db = await getDb();
  const [payouts, people, messages] = await Promise.all([
    can(user.role, KIND_PERMISSION.payout) ? findPayouts(db, query) : [],
    can(user.role, KIND_PERMISSION.user) ? findUsers(db, query) : [],
    can(user.role, KIND_PERMISSION.webhookMessage) ? findWebhookMessages(db, query) : [],
  ]);
  let indexed = readsIndexed ? index.find(query) : [];
  // Nothing found in the index: it may just be behind (an operation created a second ago), so read the newest first.
  if (readsIndexed && groupHits(indexed, user.role).length === 0 && (await index.catchUp())) indexed = index.find(query);
  return { groups: groupHits([...indexed, ...payouts, ...people, ...messages], user.role), indexing: !index.complete };
}
