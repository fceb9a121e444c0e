/**
 * `npm start` (and so `npm run demo`): the production server, on loopback unless told otherwise. `next start`
 * alone listens on every interface, which would put the demo users' public passwords on the network.
 *
 * Env: PORT (3000), HOSTNAME (127.0.0.1; `0.0.0.0` for every interface, as behind a reverse proxy or in a
 * container — Docker sets HOSTNAME to the container's name, so set it there explicitly); LOG_FORMAT=pretty (as
 * `npm run demo` sets it) shows the JSON log lines through pino-pretty.
 *
 * SIGTERM/SIGINT go to the server, which drains (lib/observability/shutdown.ts) instead of Next's own handler:
 * NEXT_MANUAL_SIG_HANDLE keeps Next from closing the server and exiting before the streams and jobs are told.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = '3000';

/** The arguments of `next` for these environment variables. */
export function startArgs(env) {
  const host = env.HOSTNAME?.trim() || DEFAULT_HOST;
  const port = env.PORT?.trim() || DEFAULT_PORT;
  return ['start', '-p', port, '-H', host];
}

/** The server's environment: ours, with Next's signal handling left to the console's drain. */
export function childEnv(env) {
  return { ...env, NEXT_MANUAL_SIG_HANDLE: 'true' };
}

async function main() {
  const require = createRequire(import.meta.url);
  const next = require.resolve('next/dist/bin/next');
  const pretty = process.env.LOG_FORMAT?.trim().toLowerCase() === 'pretty';
  const child = spawn(process.execPath, [next, ...startArgs(process.env)], {
    stdio: ['inherit', pretty ? 'pipe' : 'inherit', 'inherit'],
    env: childEnv(process.env),
  });
  if (pretty) {
    // A dev dependency: only `npm run demo` asks for it. Lines that are not JSON (Next's banner) pass unchanged.
    const { default: pinoPretty } = await import('pino-pretty');
    child.stdout.pipe(pinoPretty({ colorize: process.stdout.isTTY, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' }));
  }
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) void main();
