import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findLoose, openedDataDir, prepareDataDir } from './data-dir';

const mode = (p: string) => statSync(p).mode & 0o777;
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('prepareDataDir', () => {
  it('creates the directory 0700 and makes files created afterwards 0600, silently', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'datadir-'));
    dirs.push(root);
    const warnings: string[] = [];
    const dir = path.join(root, 'nested', 'pglite');
    prepareDataDir(dir, (m) => warnings.push(m));
    expect(mode(dir)).toBe(0o700);
    // What PGlite does: plain fs calls with the default modes.
    writeFileSync(path.join(dir, 'PG_VERSION'), '18');
    mkdirSync(path.join(dir, 'pg_wal'));
    expect(mode(path.join(dir, 'PG_VERSION'))).toBe(0o600);
    expect(mode(path.join(dir, 'pg_wal'))).toBe(0o700);
    expect(warnings).toEqual([]);
  });

  it('warns about a looser existing directory, naming its mode, and tightens it and its files', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'datadir-'));
    dirs.push(dir);
    chmodSync(dir, 0o777);
    writeFileSync(path.join(dir, 'secret'), 'x');
    chmodSync(path.join(dir, 'secret'), 0o666);
    mkdirSync(path.join(dir, 'pg_wal'));
    chmodSync(path.join(dir, 'pg_wal'), 0o777);
    const warnings: string[] = [];
    prepareDataDir(dir, (m) => warnings.push(m));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/readable or writable by other users \(mode 0777, 2 file\(s\) inside too\)/);
    expect([mode(dir), mode(path.join(dir, 'secret')), mode(path.join(dir, 'pg_wal'))]).toEqual([0o700, 0o600, 0o700]);
    prepareDataDir(dir, (m) => warnings.push(m));
    expect(warnings).toHaveLength(1);
  });
});

describe('the embedded database keeps every file owner-only', () => {
  it('after creating a cluster and after reopening it (pg_internal.init is rewritten on open)', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const root = mkdtempSync(path.join(tmpdir(), 'datadir-pglite-'));
    dirs.push(root);
    const warnings: string[] = [];
    const open = async () => {
      // What lib/db/client.ts does.
      prepareDataDir(root, (m) => warnings.push(m));
      const pg = await PGlite.create(path.join(root, 'pglite'));
      openedDataDir(root, (m) => warnings.push(m));
      return pg;
    };
    const first = await open();
    expect(findLoose(root, 10)).toEqual([]);
    await first.exec('CREATE TABLE t (x int); INSERT INTO t SELECT generate_series(1, 1000); CHECKPOINT;');
    expect(findLoose(root, 10)).toEqual([]);
    await first.close();
    const second = await open();
    expect(findLoose(root, 10)).toEqual([]);
    await second.close();
    expect(findLoose(root, 10)).toEqual([]);
    // Nothing was loose at the second start, so the operator was not warned about PGlite's own files.
    expect(warnings).toEqual([]);
  }, 60_000);
});
