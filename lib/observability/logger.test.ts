import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, errorField } from './logger';
import { runWithRequestContext } from './request-context';

function memoryLogger(level = 'info') {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: createLogger({ level, destination }), lines };
}

const SECRETS = {
  password: 'demo-admin-2026',
  newPassword: 'Another-Secret-2026!',
  clientSecret: 'cs_live_abcdef0123456789',
  token: 'eyJhbGciOiJIUzI1NiJ9.payload.sig',
  authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.x.y',
  cookie: '__Secure-next-auth.session-token=abc123',
  signature: 'f0e1d2c3b4a5968778695a4b3c2d1e0f',
  email: 'admin@acme.test',
  document: 'JVBERi0xLjQKJcfsj6IK',
};

describe('logger', () => {
  it('writes one JSON line per entry with an ISO time and a level name', () => {
    const { logger, lines } = memoryLogger();
    logger.info({ kind: 'http', status: 200 }, 'request');
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({ level: 'info', kind: 'http', status: 200, msg: 'request' });
    expect(new Date(line.time).toISOString()).toBe(line.time);
  });

  it('censors secrets by key at the top level and nested, whatever the caller passed', () => {
    const { logger, lines } = memoryLogger();
    logger.info({ ...SECRETS }, 'top');
    logger.warn({ user: { ...SECRETS }, request: { headers: { ...SECRETS }, body: { ...SECRETS } } }, 'nested');
    logger.error({ 'set-cookie': SECRETS.cookie, request: { 'x-message-signature': SECRETS.signature } }, 'header names');
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      for (const secret of Object.values(SECRETS)) expect(line).not.toContain(secret);
      expect(line).toContain('[redacted]');
    }
  });

  it('tags every line written inside a request with its id, and honours the level', () => {
    const { logger, lines } = memoryLogger('warn');
    runWithRequestContext({ requestId: 'req-0000-1111' }, () => {
      logger.info('dropped');
      logger.warn('kept');
    });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ requestId: 'req-0000-1111', msg: 'kept' });
  });

  it('keeps an error to its name and a short message, never the stack', () => {
    const error = new TypeError('x'.repeat(1000));
    expect(errorField(error)).toEqual({ name: 'TypeError', message: 'x'.repeat(300) });
  });
});
