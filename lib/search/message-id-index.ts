import 'server-only';

/**
 * The received webhooks' message ids, lower case, in memory, for the palette's search by id fragment. Why: a
 * fragment can sit anywhere in a uuid, so the database can only answer `lower(message_id) like '%…%'` by reading
 * every received webhook (two or more per operation: 20,000 rows at 10,000 operations, 20–40 ms on the embedded
 * engine and growing with the table); a trigram index does not help either, uuids being made of 16 letters. Here a
 * search reads only the rows received since the last one (by `seq`, the primary key), scans the ids in memory and
 * hands back the `seq` of the newest matches for the caller to read by primary key. The table stays the truth: a
 * swept or unknown row is simply not read back, and everything is read again every few minutes (rows swept after
 * 30 days leave memory, a row committed out of `seq` order is picked up).
 */

export interface MessageIdRow {
  seq: number;
  messageId: string;
}

/** Reads the rows with `seq` above `afterSeq`, in `seq` order. */
export type MessageIdReader = (afterSeq: number) => Promise<MessageIdRow[]>;

const RELOAD_MS = 10 * 60_000;

export class MessageIdIndex {
  private seqs: number[] = [];
  private ids: string[] = [];
  private loadedAt = 0;
  private reading: Promise<void> | null = null;
  private reloading: Promise<void> | null = null;

  constructor(
    private readonly read: MessageIdReader,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.ids.length;
  }

  /**
   * Brings the ids up to date: the rows received since the last read. The first call reads everything; later
   * full reads (every few minutes) run in the background and replace the lists when done.
   */
  async refresh(): Promise<void> {
    if (this.loadedAt === 0) return this.reloadAll();
    if (this.now() - this.loadedAt > RELOAD_MS) void this.reloadAll().catch(() => undefined);
    this.reading ??= this.readNew().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private reloadAll(): Promise<void> {
    this.reloading ??= (async () => {
      const startedAt = this.now();
      const rows = await this.read(0);
      this.seqs = rows.map((r) => r.seq);
      this.ids = rows.map((r) => r.messageId.toLowerCase());
      this.loadedAt = startedAt;
    })().finally(() => {
      this.reloading = null;
    });
    return this.reloading;
  }

  private async readNew(): Promise<void> {
    const seqs = this.seqs;
    const ids = this.ids;
    const rows = await this.read(seqs[seqs.length - 1] ?? 0);
    // A full read may have replaced the lists meanwhile: its rows include these, the next read finds the rest.
    if (seqs !== this.seqs) return;
    for (const row of rows) {
      if (row.seq <= (seqs[seqs.length - 1] ?? 0)) continue;
      seqs.push(row.seq);
      ids.push(row.messageId.toLowerCase());
    }
  }

  /** The `seq` of up to `limit` ids containing `fragment` (lower case), newest first. */
  find(fragment: string, limit: number): number[] {
    const out: number[] = [];
    for (let i = this.ids.length - 1; i >= 0 && out.length < limit; i--) {
      if (this.ids[i]!.includes(fragment)) out.push(this.seqs[i]!);
    }
    return out;
  }
}
