import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, hrefWith, pageLinks, parseListParams } from './list-params';

describe('parseListParams', () => {
  it('uses defaults for an empty URL', () => {
    expect(parseListParams({})).toEqual({
      limit: DEFAULT_PAGE_SIZE,
      cursor: undefined,
      direction: undefined,
      sortOrder: 'DESCENDING',
    });
  });

  it('accepts only the offered page sizes', () => {
    expect(parseListParams({ limit: '50' }).limit).toBe(50);
    expect(parseListParams({ limit: '100' }).limit).toBe(100);
    expect(parseListParams({ limit: '7' }).limit).toBe(DEFAULT_PAGE_SIZE);
    expect(parseListParams({ limit: '1000' }).limit).toBe(DEFAULT_PAGE_SIZE);
    expect(parseListParams({ limit: 'abc' }).limit).toBe(DEFAULT_PAGE_SIZE);
  });

  it('keeps a cursor with its direction and defaults the direction to NEXT', () => {
    expect(parseListParams({ cursor: 'abc', direction: 'PREVIOUS' })).toMatchObject({ cursor: 'abc', direction: 'PREVIOUS' });
    expect(parseListParams({ cursor: 'abc' })).toMatchObject({ cursor: 'abc', direction: 'NEXT' });
    expect(parseListParams({ cursor: 'abc', direction: 'SIDEWAYS' })).toMatchObject({ direction: 'NEXT' });
    expect(parseListParams({ direction: 'PREVIOUS' }).direction).toBeUndefined();
  });

  it('reads the sort order and the first of repeated values', () => {
    expect(parseListParams({ sortOrder: 'ASCENDING' }).sortOrder).toBe('ASCENDING');
    expect(parseListParams({ sortOrder: 'nonsense' }).sortOrder).toBe('DESCENDING');
    expect(parseListParams({ limit: ['10', '50'] }).limit).toBe(10);
  });
});

describe('hrefWith', () => {
  it('sets, replaces and removes keys while keeping the others', () => {
    const sp = { status: 'ACTIVE', cursor: 'old', limit: '50' };
    expect(hrefWith('/accounts', sp, { cursor: 'new', direction: 'NEXT' })).toBe(
      '/accounts?status=ACTIVE&limit=50&cursor=new&direction=NEXT',
    );
    expect(hrefWith('/accounts', sp, { cursor: null })).toBe('/accounts?status=ACTIVE&limit=50');
    expect(hrefWith('/accounts', {}, {})).toBe('/accounts');
  });

  it('encodes values', () => {
    expect(hrefWith('/accounts', { name: 'A&B Ltda' }, {})).toBe('/accounts?name=A%26B+Ltda');
  });
});

describe('pageLinks', () => {
  it('links to the previous and next pages with the contract cursors', () => {
    const links = pageLinks('/accounts', { limit: '10', cursor: 'c1', direction: 'NEXT' }, { previousCursor: 'p', nextCursor: 'n' });
    expect(links.next).toBe('/accounts?limit=10&cursor=n&direction=NEXT');
    expect(links.previous).toBe('/accounts?limit=10&cursor=p&direction=PREVIOUS');
  });

  it('has no link where the cursor is null (first and last page)', () => {
    expect(pageLinks('/accounts', {}, { previousCursor: null, nextCursor: null })).toEqual({ previous: null, next: null });
  });
});
