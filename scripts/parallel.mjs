#!/usr/bin/env node
/**
 * Runs shell commands at the same time, each line of output prefixed with its label, and exits with the first
 * non-zero status once all have finished (0 when all passed). Used by `npm test` where two steps share nothing but
 * the machine: lint with typecheck (one core each), and the main e2e run with the PostgreSQL runs (their own ports,
 * databases, output directories), which keeps `npm test` inside its 15-minute budget on 2 cores.
 *
 * Usage: node scripts/parallel.mjs "<label>=<command>" ["<label>=<command>" ...]
 */
import { spawn } from 'node:child_process';
import readline from 'node:readline';

const jobs = process.argv.slice(2).map((arg) => {
  const at = arg.indexOf('=');
  if (at <= 0) throw new Error(`expected <label>=<command>, got ${arg}`);
  return { label: arg.slice(0, at), command: arg.slice(at + 1) };
});
if (jobs.length === 0) throw new Error('nothing to run');

const children = new Set();
function stopAll() {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
}
process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});
process.on('SIGTERM', () => {
  stopAll();
  process.exit(143);
});

const statuses = await Promise.all(
  jobs.map(
    ({ label, command }) =>
      new Promise((resolve) => {
        const started = Date.now();
        // Own process group, so an interrupt stops the servers a job started too.
        const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: process.env });
        children.add(child);
        for (const stream of [child.stdout, child.stderr]) {
          readline.createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${label}] ${line}\n`));
        }
        child.on('close', (code, signal) => {
          children.delete(child);
          const status = code ?? (signal ? 1 : 0);
          process.stdout.write(`[${label}] finished with ${status} in ${Math.round((Date.now() - started) / 1000)} s\n`);
          resolve(status);
        });
      }),
  ),
);
process.exit(statuses.find((s) => s !== 0) ?? 0);
