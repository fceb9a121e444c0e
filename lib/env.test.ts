import { mkdtempSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EnvError, NEXTAUTH_SECRET_FILE, getEnv, parseEnv, resetEnvForTests } from './env';

const tmp = () => mkdtempSync(path.join(tmpdir(), 'env-test-'));
const SECRET = 'x'.repeat(40);

function expectEnvError(fn: () => unknown, variable: string): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    expect(message.startsWith(`Invalid environment: ${variable} — expected `)).toBe(true);
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error(`expected EnvError for ${variable}`);
}

describe('parseEnv defaults (sandbox on)', () => {
  it('derives URLs from PORT and generates the secret once, 0600, reused afterwards', () => {
    const dir = tmp();
    const env = parseEnv({ PORT: '3202', DATA_DIR: 'data' }, { cwd: dir });
    expect(env.SANDBOX).toBe('on');
    expect(env.PUBLIC_URL).toBe('http://localhost:3202');
    expect(env.PUBLIC_ORIGIN).toBe('http://localhost:3202');
    expect(env.FX_API_BASE_URL).toBe('http://localhost:3202/sandbox');
    expect(env.FX_AUTH_URL).toBe(env.FX_API_BASE_URL);
    expect(env.NEXTAUTH_URL).toBe('http://localhost:3202');
    expect(env.DATA_DIR).toBe(path.join(dir, 'data'));
    expect(env.SECURE_COOKIES).toBe(false);
    expect(env.FX_CLIENT_ID).toBeUndefined();

    expect(env.NEXTAUTH_SECRET_SOURCE).toBe('generated');
    expect(env.NEXTAUTH_SECRET.length).toBeGreaterThanOrEqual(43); // ≥ 32 random bytes
    const file = path.join(dir, 'data', NEXTAUTH_SECRET_FILE);
    expect(readFileSync(file, 'utf8').trim()).toBe(env.NEXTAUTH_SECRET);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const again = parseEnv({ PORT: '3202', DATA_DIR: 'data' }, { cwd: dir });
    expect(again.NEXTAUTH_SECRET).toBe(env.NEXTAUTH_SECRET);
    expect(again.NEXTAUTH_SECRET_SOURCE).toBe('file');

    const otherDir = parseEnv({ DATA_DIR: 'other' }, { cwd: dir });
    expect(otherDir.NEXTAUTH_SECRET).not.toBe(env.NEXTAUTH_SECRET);
  });

  it('uses the port default 3000 and an env-provided secret without touching the disk', () => {
    const dir = tmp();
    const env = parseEnv({ NEXTAUTH_SECRET: SECRET, DATA_DIR: 'd' }, { cwd: dir });
    expect(env.PORT).toBe(3000);
    expect(env.NEXTAUTH_SECRET).toBe(SECRET);
    expect(env.NEXTAUTH_SECRET_SOURCE).toBe('env');
    expect(() => statSync(path.join(dir, 'd', NEXTAUTH_SECRET_FILE))).toThrow();
  });

  it('https PUBLIC_URL turns on secure cookies; trailing slash is dropped', () => {
    const env = parseEnv({ PUBLIC_URL: 'https://console.example.com/', NEXTAUTH_SECRET: SECRET });
    expect(env.PUBLIC_URL).toBe('https://console.example.com');
    expect(env.SECURE_COOKIES).toBe(true);
  });

  it('OPERATIONS_STUCK_MINUTES: 10 minutes by default, one number or per type, a malformed value named', () => {
    expect(parseEnv({ NEXTAUTH_SECRET: SECRET }).OPERATIONS_STUCK_MINUTES).toEqual({ default: 10 });
    expect(parseEnv({ NEXTAUTH_SECRET: SECRET, OPERATIONS_STUCK_MINUTES: '15' }).OPERATIONS_STUCK_MINUTES).toEqual({ default: 15 });
    expect(parseEnv({ NEXTAUTH_SECRET: SECRET, OPERATIONS_STUCK_MINUTES: 'swap=5,WITHDRAWAL=60' }).OPERATIONS_STUCK_MINUTES).toEqual({
      default: 10,
      SWAP: 5,
      WITHDRAWAL: 60,
    });
    expect(() => parseEnv({ NEXTAUTH_SECRET: SECRET, OPERATIONS_STUCK_MINUTES: 'SWAP=soon' })).toThrow(/OPERATIONS_STUCK_MINUTES/);
  });

  it('refuses a secret file that is too short', () => {
    const dir = tmp();
    mkdirSync(path.join(dir, 'd'));
    writeFileSync(path.join(dir, 'd', NEXTAUTH_SECRET_FILE), 'short');
    expectEnvError(() => parseEnv({ DATA_DIR: 'd' }, { cwd: dir }), 'NEXTAUTH_SECRET');
  });
});

describe('parseEnv failures name the variable', () => {
  const cases: Array<[string, Record<string, string>]> = [
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'localhost:3000' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'ftp://x.test' }],
    ['SANDBOX', { SANDBOX: 'maybe' }],
    ['FX_API_BASE_URL', { FX_API_BASE_URL: 'not a url' }],
    ['FX_AUTH_URL', { FX_AUTH_URL: '/relative' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['NEXTAUTH_URL', { NEXTAUTH_URL: 'nope' }],
    ['NEXTAUTH_SECRET', { NEXTAUTH_SECRET: 'too-short' }],
    ['FX_CLIENT_SECRET', { FX_CLIENT_ID: 'id-only' }],
  ];
  it.each(cases)('%s', (variable, source) => {
    const message = expectEnvError(
      () => parseEnv({ NEXTAUTH_SECRET: SECRET, ...source }, { cwd: tmp() }),
      variable,
    );
    expect(message.length).toBeGreaterThan(`Invalid environment: ${variable} — expected `.length);
  });
});

describe('SANDBOX=off (a real service)', () => {
  const real = {
    FX_API_BASE_URL: 'https://api.fx.example',
    FX_CLIENT_ID: 'client',
    FX_CLIENT_SECRET: 'secret',
  };
  it('defaults to off when FX_API_BASE_URL is set, and requires NEXTAUTH_SECRET', () => {
    const message = expectEnvError(() => parseEnv(real, { cwd: tmp() }), 'NEXTAUTH_SECRET');
    expect(message).toContain('SANDBOX=off');
    const env = parseEnv({ ...real, NEXTAUTH_SECRET: SECRET });
    expect(env.SANDBOX).toBe('off');
    expect(env.FX_AUTH_URL).toBe('https://api.fx.example');
  });
  it('requires the base URL and client id', () => {
    expectEnvError(() => parseEnv({ SANDBOX: 'off', NEXTAUTH_SECRET: SECRET }), 'FX_API_BASE_URL');
    expectEnvError(
      () => parseEnv({ SANDBOX: 'off', NEXTAUTH_SECRET: SECRET, FX_API_BASE_URL: 'https://a.test' }),
      'FX_CLIENT_ID',
    );
  });
  it('explicit SANDBOX=on wins over a set FX_API_BASE_URL', () => {
    const env = parseEnv({ SANDBOX: 'ON', FX_API_BASE_URL: 'https://a.test', DATA_DIR: 'd' }, { cwd: tmp() });
    expect(env.SANDBOX).toBe('on');
    expect(env.FX_API_BASE_URL).toBe('https://a.test');
  });
});

describe('getEnv', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetEnvForTests();
  });
  it('memoises and publishes the generated secret to process.env for next-auth', () => {
    const dir = tmp();
    process.env = { ...saved, DATA_DIR: dir, PORT: '3999' };
    delete process.env.NEXTAUTH_SECRET;
    delete process.env.NEXTAUTH_URL;
    delete process.env.PUBLIC_URL;
    delete process.env.FX_API_BASE_URL;
    delete process.env.SANDBOX;
    const env = getEnv();
    expect(getEnv()).toBe(env);
    expect(process.env.NEXTAUTH_SECRET).toBe(env.NEXTAUTH_SECRET);
    expect(process.env.NEXTAUTH_URL).toBe('http://localhost:3999');
  });
  it('TRUSTED_PROXY_HOPS (0 by default) and APPROVER_COOL_OFF_HOURS (24) are checked, a malformed value named', () => {
    expect(parseEnv({ NEXTAUTH_SECRET: SECRET })).toMatchObject({ TRUSTED_PROXY_HOPS: 0, APPROVER_COOL_OFF_HOURS: 24 });
    expect(parseEnv({ NEXTAUTH_SECRET: SECRET, TRUSTED_PROXY_HOPS: '1', APPROVER_COOL_OFF_HOURS: '0' })).toMatchObject({
      TRUSTED_PROXY_HOPS: 1,
      APPROVER_COOL_OFF_HOURS: 0,
    });
    expect(() => parseEnv({ NEXTAUTH_SECRET: SECRET, TRUSTED_PROXY_HOPS: 'all' })).toThrow(/TRUSTED_PROXY_HOPS/);
    expect(() => parseEnv({ NEXTAUTH_SECRET: SECRET, APPROVER_COOL_OFF_HOURS: 'a day' })).toThrow(/APPROVER_COOL_OFF_HOURS/);
    expect(parseEnv({ NEXTAUTH_SECRET: SECRET })).toMatchObject({ CONTROL_CHANGE_DELAY_HOURS: 24 });
    expect(parseEnv({ NEXTAUTH_SECRET: SECRET, CONTROL_CHANGE_DELAY_HOURS: '48' })).toMatchObject({ CONTROL_CHANGE_DELAY_HOURS: 48 });
    expect(() => parseEnv({ NEXTAUTH_SECRET: SECRET, CONTROL_CHANGE_DELAY_HOURS: '0' })).toThrow(/CONTROL_CHANGE_DELAY_HOURS/);
  });
  it('MID_RATE_REFRESH_SECONDS and SANDBOX_BODY_IDLE_SECONDS: 10 by default, whole seconds in range, a bad value named', () => {
    expect(parseEnv({ NEXTAUTH_SECRET: SECRET })).toMatchObject({ MID_RATE_REFRESH_SECONDS: 10, SANDBOX_BODY_IDLE_SECONDS: 10 });
    expect(parseEnv({ NEXTAUTH_SECRET: SECRET, MID_RATE_REFRESH_SECONDS: '1', SANDBOX_BODY_IDLE_SECONDS: '3' })).toMatchObject({
      MID_RATE_REFRESH_SECONDS: 1,
      SANDBOX_BODY_IDLE_SECONDS: 3,
    });
    expect(() => parseEnv({ NEXTAUTH_SECRET: SECRET, MID_RATE_REFRESH_SECONDS: '0' })).toThrow(/MID_RATE_REFRESH_SECONDS/);
    expect(() => parseEnv({ NEXTAUTH_SECRET: SECRET, MID_RATE_REFRESH_SECONDS: '0.5' })).toThrow(/MID_RATE_REFRESH_SECONDS/);
    expect(() => parseEnv({ NEXTAUTH_SECRET: SECRET, SANDBOX_BODY_IDLE_SECONDS: '601' })).toThrow(/SANDBOX_BODY_IDLE_SECONDS/);
  });
  it('REFERENCE_CURRENCY: BRL by default, any asset code, a typo named', () => {
    expect(parseEnv({ NEXTAUTH_SECRET: SECRET })).toMatchObject({ REFERENCE_CURRENCY: 'BRL' });
    expect(parseEnv({ NEXTAUTH_SECRET: SECRET, REFERENCE_CURRENCY: ' usd ' })).toMatchObject({ REFERENCE_CURRENCY: 'USD' });
    expect(() => parseEnv({ NEXTAUTH_SECRET: SECRET, REFERENCE_CURRENCY: 'REAL' })).toThrow(/REFERENCE_CURRENCY/);
  });
});
