import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The script is plain .mjs (runs with bare `node`); importing it through a URL keeps tsc from needing types.
const { startArgs, childEnv } = (await import(/* @vite-ignore */ new URL('./start.mjs', import.meta.url).href)) as {
  startArgs(env: Record<string, string | undefined>): string[];
  childEnv(env: Record<string, string | undefined>): Record<string, string | undefined>;
};

describe('npm start / npm run demo', () => {
  it('listens on loopback unless HOSTNAME says otherwise, on PORT (3000)', () => {
    expect(startArgs({})).toEqual(['start', '-p', '3000', '-H', '127.0.0.1']);
    expect(startArgs({ HOSTNAME: '', PORT: ' ' })).toEqual(['start', '-p', '3000', '-H', '127.0.0.1']);
    expect(startArgs({ HOSTNAME: '0.0.0.0', PORT: '4000' })).toEqual(['start', '-p', '4000', '-H', '0.0.0.0']);
  });

  it('is what `npm start` and `npm run demo` run', () => {
    const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.start).toBe('node scripts/start.mjs');
    // The demo's logs are read by a person: pretty-printed (scripts/start.mjs pipes them through pino-pretty).
    expect(scripts.demo).toBe('npm run build && LOG_FORMAT=pretty npm run start');
  });

  it("leaves SIGTERM to the console's drain, not Next's handler", () => {
    expect(childEnv({ PORT: '4000' })).toEqual({ PORT: '4000', NEXT_MANUAL_SIG_HANDLE: 'true' });
  });
});
