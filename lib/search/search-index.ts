import 'server-only';
import { ownerName } from '@/lib/domain/accounts/owner';
import { holderName } from '@/lib/domain/beneficiaries/holder';
import { canonicalDecimal, foldText, nameMatches, type SearchQuery } from '@/lib/domain/search/query';
import { isUuid } from '@/lib/validation/uuid';
import type { SearchHit } from '@/lib/domain/search/results';
import type { Account } from '@/lib/api/schemas/account';
import type { BeneficiarySummary } from '@/lib/api/schemas/beneficiary';
import type { Operation } from '@/lib/api/schemas/operation';
import type { LiveEvent } from '@/lib/domain/live/events';

/**
 * The console's own index of what the service holds (operations, accounts, beneficiaries), kept in memory per
 * process. Why: the service's list endpoints cannot answer the palette — no filter by id fragment, amount or
 * end-to-end id on operations, and paging through 10,000 operations per keystroke is 100 round trips. So the
 * index reads the lists once (newest first, 100 a page), then keeps itself current from what the console
 * receives anyway: every received webhook (the live bus) refetches the one operation it names, a search
 * that finds nothing reads the newest page again first, and a full re-read every few minutes catches what no event
 * announced. Nothing here is the system of record: every hit links to the page that reads the service.
 */

export interface SearchSource {
  listOperations(query: { limit: number; cursor?: string; sortOrder: 'DESCENDING' }): Promise<{ data: Operation[]; nextCursor: string | null }>;
  getOperation(id: string): Promise<Operation | null>;
  listAccounts(query: { limit: number; cursor?: string }): Promise<{ data: Account[]; nextCursor: string | null }>;
  listBeneficiaries(query: { limit: number; cursor?: string }): Promise<{ data: BeneficiarySummary[]; nextCursor: string | null }>;
}

interface IndexedOperation {
  id: string;
  type: string;
  status: string;
  accountId: string;
  accountOwner: string;
  /** As the service sent it (the asset's scale), for display. */
  source: { value: string; asset: string };
  target: { value: string; asset: string };
  /** Canonical decimals of both sides (canonicalDecimal), the keys of the amount lookup. */
  amountKeys: string[];
  /** Lower-case end-to-end ids joined by a newline (never in a fragment): one `includes` per operation. */
  endToEndKey: string;
  createdAt: string;
}

interface IndexedNamed {
  id: string;
  name: string;
  folded: string;
  status: string | null;
  createdAt: string;
}

const PAGE = 100;
/** A search that finds nothing re-reads the newest page first when the index is older than this. */
const FRESH_MS = 2_000;
/** Everything is read again this often: status changes no event announced (events off) show up within it. */
const FULL_SYNC_MS = 5 * 60_000;
/** Accounts and beneficiaries are few: re-read whole when older than this. */
const LISTS_MS = 30_000;
/** The first search of a process waits this long for the first read, then answers with what is there. */
const FIRST_WAIT_MS = 4_000;

function toIndexed(op: Operation): IndexedOperation {
  const intentType = (op.intent as { type?: unknown }).type;
  return {
    id: op.id.toLowerCase(),
    type: typeof intentType === 'string' ? intentType : '',
    status: op.currentState.status,
    accountId: op.account.id,
    accountOwner: op.account.owner,
    source: { value: op.sourceAmount.value, asset: op.sourceAmount.asset },
    target: { value: op.targetAmount.value, asset: op.targetAmount.asset },
    amountKeys: [...new Set([canonicalDecimal(op.sourceAmount.value), canonicalDecimal(op.targetAmount.value)])],
    endToEndKey: op.transactions.flatMap((t) => (t.endToEnd ? [t.endToEnd.toLowerCase()] : [])).join('\n'),
    createdAt: op.createdAt,
  };
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export class SearchIndex {
  private readonly operations = new Map<string, IndexedOperation>();
  /** canonical amount → operation ids (source or target side). */
  private readonly byAmount = new Map<string, Set<string>>();
  private accounts: IndexedNamed[] = [];
  private beneficiaries: IndexedNamed[] = [];
  private opsReadAt = 0;
  private fullReadAt = 0;
  private listsReadAt = 0;
  private opsSync: Promise<void> | null = null;
  private listsSync: Promise<void> | null = null;
  private readonly refetching = new Set<string>();

  constructor(
    private readonly source: SearchSource,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.operations.size;
  }

  /** Has the first full read finished? Until then a search may miss what exists (the palette says so). */
  get complete(): boolean {
    return this.fullReadAt > 0 && this.listsReadAt > 0;
  }

  private put(op: Operation): void {
    const next = toIndexed(op);
    const prev = this.operations.get(next.id);
    if (prev) for (const v of prev.amountKeys) this.byAmount.get(v)?.delete(prev.id);
    this.operations.set(next.id, next);
    for (const v of next.amountKeys) {
      let ids = this.byAmount.get(v);
      if (!ids) this.byAmount.set(v, (ids = new Set()));
      ids.add(next.id);
    }
  }

  /** Reads pages newest first: all of them (`full`), or until a page reaches operations already known. */
  private async readOperations(full: boolean): Promise<void> {
    const known = new Set(this.operations.keys());
    let cursor: string | undefined;
    for (;;) {
      const page = await this.source.listOperations({ limit: PAGE, cursor, sortOrder: 'DESCENDING' });
      let reachedKnown = false;
      for (const op of page.data) {
        if (known.has(op.id.toLowerCase())) reachedKnown = true;
        this.put(op);
      }
      if (!page.nextCursor || page.data.length === 0 || (!full && reachedKnown)) break;
      cursor = page.nextCursor;
    }
    const at = this.now();
    this.opsReadAt = at;
    if (full) this.fullReadAt = at;
  }

  private syncOperations(full: boolean): Promise<void> {
    this.opsSync ??= this.readOperations(full).finally(() => {
      this.opsSync = null;
    });
    return this.opsSync;
  }

  private async readLists(): Promise<void> {
    const accounts: IndexedNamed[] = [];
    for (let cursor: string | undefined; ; ) {
      const page = await this.source.listAccounts({ limit: PAGE, cursor });
      for (const a of page.data) {
        const name = ownerName(a.owner);
        accounts.push({ id: a.id.toLowerCase(), name, folded: foldText(name), status: a.currentState.status, createdAt: a.createdAt });
      }
      if (!page.nextCursor || page.data.length === 0) break;
      cursor = page.nextCursor;
    }
    const beneficiaries: IndexedNamed[] = [];
    for (let cursor: string | undefined; ; ) {
      const page = await this.source.listBeneficiaries({ limit: PAGE, cursor });
      for (const b of page.data) {
        const name = holderName(b.holder as { type: string });
        const statuses = (b.paymentInstructions ?? []).map((i) => String((i as { currentState?: { status?: unknown } }).currentState?.status ?? ''));
        const status = statuses.includes('APPROVED') ? 'APPROVED' : statuses.includes('PENDING_REVIEW') ? 'PENDING_REVIEW' : (statuses[0] ?? null) || null;
        beneficiaries.push({ id: b.id.toLowerCase(), name, folded: foldText(name), status, createdAt: b.createdAt });
      }
      if (!page.nextCursor || page.data.length === 0) break;
      cursor = page.nextCursor;
    }
    this.accounts = accounts;
    this.beneficiaries = beneficiaries;
    this.listsReadAt = this.now();
  }

  private syncLists(): Promise<void> {
    this.listsSync ??= this.readLists().finally(() => {
      this.listsSync = null;
    });
    return this.listsSync;
  }

  /** Brings the index up to date as far as a search needs: first read, periodic re-reads (in the background). */
  async prepare(): Promise<void> {
    const now = this.now();
    const pending: Promise<void>[] = [];
    if (this.fullReadAt === 0) pending.push(this.syncOperations(true));
    else if (now - this.fullReadAt > FULL_SYNC_MS) void this.syncOperations(true).catch(logSyncFailure);
    if (this.listsReadAt === 0) pending.push(this.syncLists());
    else if (now - this.listsReadAt > LISTS_MS) void this.syncLists().catch(logSyncFailure);
    if (pending.length > 0) await withTimeout(Promise.all(pending).catch(logSyncFailure), FIRST_WAIT_MS);
  }

  /** Before answering "nothing found": read what is newer than the index (one page, usually), then look again. */
  async catchUp(): Promise<boolean> {
    const now = this.now();
    const work: Promise<void>[] = [];
    if (now - this.opsReadAt > FRESH_MS) work.push(this.syncOperations(false));
    if (now - this.listsReadAt > FRESH_MS) work.push(this.syncLists());
    if (work.length === 0) return false;
    await withTimeout(Promise.all(work).catch(logSyncFailure), FIRST_WAIT_MS);
    return true;
  }

  /** A received event: the operation it names is read again; lists are marked for a re-read. */
  onEvent(event: Pick<LiveEvent, 'kind' | 'id'>): void {
    if (event.kind === 'OPERATION') {
      if (event.id) void this.refetch(event.id);
      else this.opsReadAt = 0;
    } else if (event.kind === 'ACCOUNT' || event.kind === 'BENEFICIARY') {
      this.listsReadAt = Math.min(this.listsReadAt, 1);
    }
  }

  /** The bus may have missed events: everything is read again on the next search. */
  onGap(): void {
    this.fullReadAt = Math.min(this.fullReadAt, 1);
    this.listsReadAt = Math.min(this.listsReadAt, 1);
  }

  private async refetch(id: string): Promise<void> {
    const key = id.toLowerCase();
    if (this.refetching.has(key)) return;
    this.refetching.add(key);
    try {
      const op = await this.source.getOperation(key);
      if (op) this.put(op);
    } catch (error) {
      logSyncFailure(error);
    } finally {
      this.refetching.delete(key);
    }
  }

  /** An exact operation id the index has not seen yet (created a moment ago): ask the service for it. */
  async lookUpOperation(id: string): Promise<void> {
    if (this.operations.has(id.toLowerCase())) return;
    await this.refetch(id);
  }

  /** Every hit of `query` among operations, accounts and beneficiaries (unsorted, unfiltered by role). */
  find(query: SearchQuery): SearchHit[] {
    const hits: SearchHit[] = [];
    const opHit = (op: IndexedOperation, matchedBy: SearchHit['matchedBy'], amount = op.source): SearchHit => ({
      kind: 'operation',
      id: op.id,
      title: op.accountOwner,
      detail: op.type,
      status: op.status,
      amount,
      at: op.createdAt,
      href: `/operations/${op.id}`,
      matchedBy,
    });
    const frag = query.idFragment;
    // Ids and end-to-end ids are stored lower case, as the fragment is: plain `includes`, no folding per call.
    // A whole uuid can only be an id equal to it (end-to-end ids have no hyphens): one map look-up, no scan.
    const wholeId = frag !== null && isUuid(frag);
    if (frag && wholeId) {
      const op = this.operations.get(frag);
      if (op) hits.push(opHit(op, 'id'));
    } else if (frag) {
      for (const op of this.operations.values()) {
        if (op.id.includes(frag)) hits.push(opHit(op, 'id'));
        else if (op.endToEndKey.includes(frag)) hits.push(opHit(op, 'endToEnd'));
      }
    }
    for (const amount of query.amounts) {
      for (const id of this.byAmount.get(amount) ?? []) {
        const op = this.operations.get(id);
        // Show the side that matched (a swap's target amount was typed, not its source).
        if (op) hits.push(opHit(op, 'amount', canonicalDecimal(op.source.value) === amount ? op.source : op.target));
      }
    }
    const named = (kind: 'account' | 'beneficiary', rows: IndexedNamed[], path: string) => {
      for (const row of rows) {
        const byId = frag !== null && (wholeId ? row.id === frag : row.id.includes(frag));
        const byName = query.name !== null && nameMatches(row.folded, query.name);
        if (!byId && !byName) continue;
        hits.push({ kind, id: row.id, title: row.name, detail: '', status: row.status, amount: null, at: row.createdAt, href: `${path}/${row.id}`, matchedBy: byId ? 'id' : 'name' });
      }
    };
    named('account', this.accounts, '/accounts');
    named('beneficiary', this.beneficiaries, '/beneficiaries');
    return hits;
  }

  /** The newest operations (the palette's "recent" list before anything is typed). */
  recent(limit: number): SearchHit[] {
    return [...this.operations.values()]
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
      .slice(0, limit)
      .map((op) => ({
        kind: 'operation' as const,
        id: op.id,
        title: op.accountOwner,
        detail: op.type,
        status: op.status,
        amount: op.source,
        at: op.createdAt,
        href: `/operations/${op.id}`,
        matchedBy: 'id' as const,
      }));
  }
}

function logSyncFailure(error: unknown): void {
  console.error(JSON.stringify({ level: 'warn', source: 'search-index', error: error instanceof Error ? error.message : String(error) }));
}
