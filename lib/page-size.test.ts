import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// A route's page.tsx only reads its params, checks the user and composes sections: data loading lives in
// lib/<feature>, sections in the route's _components, list parts in components/data-table. 80 lines is room for that.
const ROOT = resolve(__dirname, '..');
const MAX_PAGE_LINES = 80;

function pages(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) return pages(full);
    return entry === 'page.tsx' ? [full] : [];
  });
}

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
});
