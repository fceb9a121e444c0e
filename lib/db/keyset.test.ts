import { describe, expect, it } from 'vitest';
import { decodeKeysetCursor, encodeKeysetCursor, keysetPage } from './keyset';

const ID = '0b6f7a52-3f9e-4c1a-9d55-2f7c8f1e9a10';

describe('keyset cursors', () => {
  it('round-trips (time, id) and refuses anything it did not make', () => {
    const at = new Date('2026-11-23T12:00:00.123Z');
    expect(decodeKeysetCursor(encodeKeysetCursor({ at, id: ID }))).toEqual({ at, id: ID });
    expect(decodeKeysetCursor(null)).toBeNull();
    expect(decodeKeysetCursor('')).toBeNull();
    expect(decodeKeysetCursor('not-a-cursor')).toBeNull();
    expect(decodeKeysetCursor(Buffer.from(`yesterday|${ID}`).toString('base64url'))).toBeNull();
    expect(decodeKeysetCursor(Buffer.from(`${at.toISOString()}|1 OR 1=1`).toString('base64url'))).toBeNull();
  });

  it('pages limit + 1 rows: the extra row only tells there is a next page, which starts after the last row shown', () => {
    const rows = [3, 2, 1].map((n) => ({ n, at: new Date(Date.UTC(2026, 10, n)), id: ID }));
    const first = keysetPage(rows, 2, (r) => ({ at: r.at, id: r.id }));
    expect(first.data.map((r) => r.n)).toEqual([3, 2]);
    expect(decodeKeysetCursor(first.nextCursor)).toEqual({ at: rows[1].at, id: ID });
    const last = keysetPage(rows.slice(2), 2, (r) => ({ at: r.at, id: r.id }));
    expect(last).toEqual({ data: [rows[2]], nextCursor: null });
    expect(keysetPage([], 2, (r: (typeof rows)[number]) => ({ at: r.at, id: r.id }))).toEqual({ data: [], nextCursor: null });
  });
});
