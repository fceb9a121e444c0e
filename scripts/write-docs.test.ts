import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../lib/auth/permissions';
import { GENERATED_DOCS, withGeneratedBlocks } from './write-docs';

const ROOT = join(__dirname, '..');
const read = (doc: string) => readFileSync(join(ROOT, doc), 'utf8');

describe('generated docs', () => {
  it.each(GENERATED_DOCS)('%s: the permission table is permissionTableMarkdown() (run npx tsx scripts/write-docs.ts)', (doc) => {
    const text = read(doc);
    expect(text).toContain('<!-- generated:permission-table -->');
    expect(text).toBe(withGeneratedBlocks(text));
    for (const permission of PERMISSIONS) expect(text, permission).toContain(`| \`${permission}\` |`);
  });

  it('rewrites a drifted table, and only inside its markers', () => {
    const drifted = 'before\n<!-- generated:permission-table -->\n| stale |\n<!-- /generated:permission-table -->\nafter\n';
    const written = withGeneratedBlocks(drifted);
    expect(written).toMatch(/^before\n<!-- generated:permission-table -->\n\| permission \| Admin/);
    expect(written).toContain('| `payouts:policy` | ✓ | — | — | — |');
    expect(written).toContain('| `beneficiaries:approve-key` | ✓ | ✓ | — | — |');
    expect(written.endsWith('\n<!-- /generated:permission-table -->\nafter\n')).toBe(true);
    expect(() => withGeneratedBlocks('<!-- generated:nope -->\nx\n<!-- /generated:nope -->')).toThrow(/nope/);
  });

  it("README's layout names every lib/ folder", () => {
    const readme = read('README.md');
    const layout = readme.slice(readme.indexOf('### Layout'), readme.indexOf('Rules, enforced by'));
    const folders = readdirSync(join(ROOT, 'lib')).filter((f) => statSync(join(ROOT, 'lib', f)).isDirectory());
    expect(folders.length).toBeGreaterThan(10);
    expect(folders.filter((f) => !new RegExp(`^ {2}${f}/[ <]`, 'm').test(layout))).toEqual([]);
    const features = readdirSync(join(ROOT, 'lib/domain')).filter((f) => statSync(join(ROOT, 'lib/domain', f)).isDirectory());
    expect(features.filter((f) => !new RegExp(`[ :]${f}/( |$)`, 'm').test(layout.slice(layout.indexOf('domain/<feature>/'))))).toEqual([]);
  });
});
