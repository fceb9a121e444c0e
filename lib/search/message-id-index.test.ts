import { describe, expect, it } from 'vitest';
import { MessageIdIndex, type MessageIdRow } from './message-id-index';

function table(n: number) {
  const rows: MessageIdRow[] = Array.from({ length: n }, (_, i) => ({ seq: i + 1, messageId: `${String(i + 1).padStart(8, '0')}-aaaa-4bbb-8ccc-${'d'.repeat(12)}` }));
  const reads: number[] = [];
  const read = async (afterSeq: number) => {
    reads.push(afterSeq);
    return rows.filter((r) => r.seq > afterSeq);
  };
  return { rows, reads, read };
}

describe('MessageIdIndex', () => {
  it('reads every row once, then only the new ones; finds fragments newest first, case ignored, bounded', async () => {
    const t = table(20_000);
    const index = new MessageIdIndex(t.read);
    await index.refresh();
    expect(index.size).toBe(20_000);
    expect(index.find('00012345', 5)).toEqual([12345]);
    // `0001234` is in 00012340 … 00012349 and in 00001234: newest first, only `limit` of them.
    expect(index.find('0001234', 3)).toEqual([12349, 12348, 12347]);
    t.rows.push({ seq: 20_001, messageId: 'ABCDEF12-0000-4000-8000-000000000000' });
    await index.refresh();
    expect(t.reads).toEqual([0, 20_000]);
    expect(index.find('abcdef12', 5)).toEqual([20_001]);
    expect(index.find('ffff', 5)).toEqual([]);
  });

  it('reads everything again after a while (swept rows leave), in the background', async () => {
    const t = table(10);
    let now = 0;
    const index = new MessageIdIndex(t.read, () => now);
    await index.refresh();
    t.rows.splice(0, 5);
    now += 11 * 60_000;
    await index.refresh();
    await new Promise((r) => setTimeout(r, 0));
    expect(t.reads.filter((s) => s === 0)).toHaveLength(2);
    expect(index.size).toBe(5);
    expect(index.find('00000001-', 5)).toEqual([]);
  });
});
