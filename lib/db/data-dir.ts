import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database holds client secrets, the token-signing key and password hashes, so its files are the
 * owner's alone: directories 0700, files 0600.
 *
 * PGlite creates its files through Node's fs with the default mode (0666 / 0777 minus the umask), and keeps creating
 * them (WAL segments, relation files) for as long as it runs, so the process umask is set to 077 BEFORE it opens:
 * every file the process creates from then on is owner-only. A directory that already exists with group or world
 * access (made by an earlier version, or by hand) is reported with a warning naming its mode, then tightened.
 *
 * The umask is not enough on its own: PGlite writes some files with an explicit mode — a new cluster's files at
 * 0666, and `pg_internal.init` (rewritten on every open) at 0644 — so {@link openedDataDir} tightens the directory
 * again once PGlite has opened it.
 */
export const PRIVATE_UMASK = 0o077;

export function prepareDataDir(dir: string, warn: (message: string) => void = console.warn): void {
  try {
    process.umask(PRIVATE_UMASK);
  } catch {
    // Worker threads cannot change the umask (ERR_WORKER_UNSUPPORTED_OPERATION): the start-up check below still runs.
    warn('cannot set the umask in this thread: files created later may be readable by other users');
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const mode = statSync(dir).mode & 0o777;
  const loose = findLoose(dir, 2000);
  if ((mode & 0o077) === 0 && loose.length === 0) return;
  warn(
    `data directory ${dir} is readable or writable by other users (mode ${mode.toString(8).padStart(4, '0')}` +
      `${loose.length ? `, ${loose.length} file(s) inside too` : ''}); it holds secrets and password hashes — tightening to 0700/0600`,
  );
  for (const p of [dir, ...loose]) {
    try {
      chmodSync(p, lstatSync(p).isDirectory() ? 0o700 : 0o600);
    } catch (error) {
      warn(`could not tighten ${p}: ${(error as Error).message}`);
    }
  }
}

/**
 * After PGlite opened `dir`: whatever it wrote with its own modes is made owner-only, silently (that is PGlite's
 * doing, not the operator's). Files it creates later go through the umask.
 */
export function openedDataDir(dir: string, warn: (message: string) => void = console.warn): void {
  for (const p of findLoose(dir, 100_000)) {
    try {
      chmodSync(p, lstatSync(p).isDirectory() ? 0o700 : 0o600);
    } catch (error) {
      warn(`could not tighten ${p}: ${(error as Error).message}`);
    }
  }
}

/** Paths under `dir` with any group/other permission bit (symlinks skipped), at most `limit` of them. */
export function findLoose(dir: string, limit: number): string[] {
  const out: string[] = [];
  const stack = [dir];
  while (stack.length && out.length < limit) {
    const current = stack.pop()!;
    let entries: string[];
    try {
      entries = readdirSync(current);
    } catch {
      continue;
    }
    for (const name of entries) {
      const p = path.join(current, name);
      const st = lstatSync(p);
      if (st.isSymbolicLink()) continue;
      if (st.mode & 0o077) out.push(p);
      if (st.isDirectory()) stack.push(p);
    }
  }
  return out;
}
