import { describe, expect, it } from 'vitest';
import { redactPaths } from './redaction';
import { chooseRequestId, isSafeRequestId } from './request-id';
import { methodLabel, routeTemplate } from './route-template';

describe('request id', () => {
  const fresh = () => 'fresh-0000-id';
  it('ignores what a client sent unless a proxy is trusted', () => {
    expect(chooseRequestId('client-chosen-id', 0, fresh)).toBe('fresh-0000-id');
    expect(chooseRequestId('proxy-given-id-1', 1, fresh)).toBe('proxy-given-id-1');
  });
  it('refuses ids that could forge a log line or a header', () => {
    for (const bad of ['short', 'a b c d e f g h', 'x'.repeat(200), 'id"injected:1234', 'line\nbreak-12345', '']) {
      expect(isSafeRequestId(bad)).toBe(false);
      expect(chooseRequestId(bad, 2, fresh)).toBe('fresh-0000-id');
    }
    expect(isSafeRequestId('0b6f7a52-3f9e-4c1a-9d55-2f7c8f1e9a10')).toBe(true);
  });
});

describe('route template', () => {
  it('replaces ids with [id] and drops the query', () => {
    expect(routeTemplate('/operations/0b6f7a52-3f9e-4c1a-9d55-2f7c8f1e9a10?tab=x')).toBe('/operations/[id]');
    expect(routeTemplate('/api/accounts/acc_7f3k2m9x8q1w4e5r/balances')).toBe('/api/accounts/[id]/balances');
    expect(routeTemplate('/api/webhooks/subscriptions/12/logs')).toBe('/api/webhooks/subscriptions/[id]/logs');
    expect(routeTemplate('/team/someone%40acme.test')).toBe('/team/[id]');
    expect(routeTemplate('/')).toBe('/');
    expect(routeTemplate('/_next/static/chunks/app-123.js')).toBe('/_next/static/*');
  });
  it('caps depth so invented paths cannot mint series without end', () => {
    expect(routeTemplate('/a/b/c/d/e/f/g/h')).toBe('/a/b/c/d/e/f/*');
  });
  it('labels unknown methods OTHER', () => {
    expect(methodLabel('get')).toBe('GET');
    expect(methodLabel('PROPFIND')).toBe('OTHER');
  });
});

describe('redaction paths', () => {
  it('covers every secret key at the top and two levels down', () => {
    const paths = redactPaths();
    for (const key of ['password', 'clientSecret', 'authorization', 'cookie', 'signature', 'email']) {
      expect(paths).toContain(key);
      expect(paths).toContain(`*.${key}`);
      expect(paths).toContain(`*.*.${key}`);
    }
    expect(paths).toContain('*["set-cookie"]');
  });
});
