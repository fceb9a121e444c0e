// npx tsx scripts/write-docs.ts — rewrites the generated blocks of the docs from the code they describe.
// A block sits between `<!-- generated:<name> -->` and `<!-- /generated:<name> -->`; scripts/write-docs.test.ts
// fails while a doc differs from what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { permissionTableMarkdown } from '../lib/auth/permissions';

export const GENERATED_DOCS = ['README.md', 'lib/auth/README.md'] as const;

const BLOCKS: Record<string, () => string> = { 'permission-table': permissionTableMarkdown };

/** The text with every generated block it marks written anew; an unknown block name is an error. */
export function withGeneratedBlocks(text: string): string {
  return text.replace(/(<!-- generated:([\w-]+) -->\n)[\s\S]*?(\n<!-- \/generated:\2 -->)/g, (_, open: string, name: string, close: string) => {
    const block = BLOCKS[name];
    if (!block) throw new Error(`unknown generated block "${name}"`);
    return `${open}${block()}${close}`;
  });
}

if (process.argv[1]?.endsWith('write-docs.ts')) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  for (const doc of GENERATED_DOCS) {
    const path = join(root, doc);
    const before = readFileSync(path, 'utf8');
    const after = withGeneratedBlocks(before);
    if (after !== before) writeFileSync(path, after);
    console.log(`${doc}: ${after === before ? 'up to date' : 'written'}`);
  }
}
