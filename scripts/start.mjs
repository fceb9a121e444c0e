/**
 * `npm start` (and so `npm run demo`): the production server, on loopback unless told otherwise. `next start`
 * alone listens on every interface, which would put the demo users' public passwords on the network.
 *
 * Env: PORT (3000), HOSTNAME (127.0.0.1; `0.0.0.0` for every interface, as behind a reverse proxy or in a
 * container — Docker sets HOSTNAME to the container's name, so set it there explicitly).
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

function main() {
  const next = createRequire(import.meta.url).resolve('next/dist/bin/next');
  const child = spawn(process.execPath, [next, ...startArgs(process.env)], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
