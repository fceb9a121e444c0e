import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files that need a process of their own: they set the process umask, which a worker thread cannot
 * (ERR_WORKER_UNSUPPORTED_OPERATION).
 */
const NEEDS_A_PROCESS = ['lib/db/data-dir.test.ts'];
const TESTS = ['lib/**/*.test.ts', 'messages/**/*.test.ts', 'components/**/*.test.ts', 'hooks/**/*.test.ts', 'app/**/*.test.ts', 'scripts/**/*.test.ts'];

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./', import.meta.url)) } },
  test: {
    environment: 'node',
    setupFiles: ['./vitest.setup.ts'],
    // PGlite instances are ~670 MB and slow to start: keep parallelism modest on 2 cores.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Worker threads, not the default child processes: a test file starts in a new thread instead of a new Node
    // process, and the whole run took 161 s instead of 200 s (same 1,869 tests, README "Run all tests"). Each project
    // names its own files (a project's arrays are added to the root's, so the root names none).
    projects: [
      { extends: true, test: { name: 'threads', pool: 'threads', include: TESTS, exclude: [...configDefaults.exclude, ...NEEDS_A_PROCESS] } },
      { extends: true, test: { name: 'process', pool: 'forks', include: NEEDS_A_PROCESS } },
    ],
  },
});
