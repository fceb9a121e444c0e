import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// A route's page.tsx only reads its params, checks the user and composes sections: data loading lives in
// lib/<feature>, sections in the route's _components, list parts in components/data-table. 80 lines is room for that.
const ROOT = resolve(__dirname, '..');
const MAX_PAGE_LINES = 80;

function files(dir: string, match: (name: string) => boolean): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) return files(full, match);
    return match(entry) ? [full] : [];
  });
}
const pages = (dir: string) => files(dir, (name) => name === 'page.tsx');

/**
 * Tables that are not a list page's rows: a fee breakdown, the policy editor's tiers, a batch's live progress and the
 * upload preview. Every list renders its rows through components/data-table/data-list.tsx.
 */
const OWN_TABLES = [
  'app/(console)/operations/[operationId]/_components/fees-card.tsx',
  'app/(console)/payouts/_components/policy-editor.tsx',
  'app/(console)/payouts/batches/[batchId]/_components/batch-progress.tsx',
  'app/(console)/payouts/batches/new/_components/batch-upload-form.tsx',
];

/** Lines as `wc -l` counts them: newline characters. */
const lineCount = (file: string) => readFileSync(file, 'utf8').split('\n').length - 1;

describe('pages', () => {
  const found = pages(join(ROOT, 'app')).map((f) => ({ page: relative(ROOT, f), lines: lineCount(f) }));

  it('finds the pages (sanity)', () => {
    expect(found.length).toBeGreaterThan(20);
    expect(found.map((p) => p.page)).toContain('app/(console)/audit/page.tsx');
  });

  it(`every app/**/page.tsx is at most ${MAX_PAGE_LINES} lines`, () => {
    const over = found.filter((p) => p.lines > MAX_PAGE_LINES).map((p) => `${p.page}: ${p.lines}`);
    expect(over).toEqual([]);
  });

  const routeFiles = files(join(ROOT, 'app'), (name) => /\.tsx?$/.test(name)).map((f) => ({ file: relative(ROOT, f), text: readFileSync(f, 'utf8') }));

  it('no route builds its own pager: paging links come from components/data-table/cursor-pagination.tsx', () => {
    const own = routeFiles.filter(({ text }) => /rel="next"|[?&]cursor=\$\{/.test(text)).map(({ file }) => file);
    expect(own).toEqual([]);
  });

  it('list rows render through DataList (a table on wide screens, cards on narrow ones), not a table of their own', () => {
    const own = routeFiles
      .filter(({ text }) => /from '@\/components\/ui\/table'/.test(text) || /<CardList[\s>]/.test(text))
      .map(({ file }) => file)
      .filter((file) => !OWN_TABLES.includes(file));
    expect(own).toEqual([]);
  });

  it('a list read page by page in the browser (the inbox) shows its rows through DataListView (DataList reads the request, on the server) and its "load more" through CursorPagination', () => {
    const feeds = routeFiles.filter(({ text }) => /fetchNextPage/.test(text));
    expect(feeds.map(({ file }) => file)).toContain('app/(console)/notifications/_components/inbox-list.tsx');
    const own = feeds.filter(({ text }) => !/<DataListView[\s>]/.test(text) || !/<CursorPagination[\s>]/.test(text)).map(({ file }) => file);
    expect(own).toEqual([]);
  });

  it('list filters are a FilterBar (components/data-table/filter-bar.tsx), not a search form of their own', () => {
    const own = routeFiles.filter(({ text }) => /role="search"/.test(text)).map(({ file }) => file);
    expect(own).toEqual([]);
  });

  it('a page’s title comes from the catalogue, in the reader’s language (generateMetadata), never a literal', () => {
    const literal = routeFiles
      .filter(({ file, text }) => /\/(page|layout)\.tsx$/.test(file) && /\bmetadata\b[^;]*\btitle:\s*['"`]/.test(text))
      .map(({ file }) => file);
    expect(literal).toEqual([]);
  });
});
