import { describe, expect, it } from 'vitest';
import { iterateItems, iteratePages } from './pagination';
import type { ApiPage } from './types';

function pages(items: number[][]): (cursor: string | null) => Promise<ApiPage<number>> {
  return async (cursor) => {
    const index = cursor === null ? 0 : Number(cursor.slice(1));
    return {
      data: items[index],
      meta: { previousCursor: index === 0 ? null : `c${index - 1}`, nextCursor: index + 1 < items.length ? `c${index + 1}` : null, total: items[index].length },
      requestId: `r${index}`,
    };
  };
}

describe('iteratePages', () => {
  it('follows nextCursor until null', async () => {
    const cursors: (string | null)[] = [];
    const fetch = pages([[1, 2], [3, 4], [5]]);
    const seen: string[] = [];
    for await (const page of iteratePages((c) => {
      cursors.push(c);
      return fetch(c);
    })) seen.push(page.requestId);
    expect(seen).toEqual(['r0', 'r1', 'r2']);
    expect(cursors).toEqual([null, 'c1', 'c2']);
  });

  it('yields items across pages', async () => {
    const all: number[] = [];
    for await (const item of iterateItems(pages([[1, 2], [3], []]))) all.push(item);
    expect(all).toEqual([1, 2, 3]);
  });

  it('stops on a repeated cursor instead of looping forever, and honours maxPages', async () => {
    const looping = async (): Promise<ApiPage<number>> => ({ data: [1], meta: { previousCursor: null, nextCursor: 'same', total: 1 }, requestId: 'r' });
    const consume = async () => {
      for await (const _ of iteratePages(looping)) void _;
    };
    await expect(consume()).rejects.toThrow(/repeated/);
    let count = 0;
    for await (const _ of iteratePages(pages([[1], [2], [3], [4]]), { maxPages: 2 })) count++;
    expect(count).toBe(2);
  });
});
