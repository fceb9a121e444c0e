import { describe, expect, it } from 'vitest';
import { censorSecrets } from './redaction';
import { chooseRequestId, isSafeRequestId } from './request-id';
import { methodLabel, routeTemplate } from './route-template';
import { sqlQueryText, sqlSpanName, summarizeSql } from './sql-summary';

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

describe('censoring secrets', () => {
  it('censors every secret key at the top and nested in objects and arrays, in any case', () => {
    const line = {
      kind: 'http',
      password: 'p1',
      request: { headers: { Authorization: 'Bearer t', 'set-cookie': 'c' }, items: [{ clientSecret: 's' }] },
      user: { profile: { contact: { email: 'a@b.test' } } },
    };
    const out = censorSecrets(line);
    expect(out).toEqual({
      kind: 'http',
      password: '[redacted]',
      request: { headers: '[redacted]', items: [{ clientSecret: '[redacted]' }] },
      user: { profile: { contact: { email: '[redacted]' } } },
    });
    expect(censorSecrets({ a: { b: { c: { Signature: 'x' } } } })).toEqual({ a: { b: { c: { Signature: '[redacted]' } } } });
    // The caller's object is left as it was.
    expect(line.password).toBe('p1');
  });
  it('returns a clean line itself, without copying it', () => {
    const clean = { kind: 'service', method: 'GET', status: 200, nested: { route: '/a' } };
    expect(censorSecrets(clean)).toBe(clean);
  });
});

describe('database span names', () => {
  it('name the verb and the first table, never a value', () => {
    expect(summarizeSql('select "id", "status" from "console"."payout_requests" where "id" = $1')).toEqual({ operation: 'SELECT', collection: 'console.payout_requests' });
    expect(summarizeSql('insert into "console"."audit_log" ("id") values ($1)')).toEqual({ operation: 'INSERT', collection: 'console.audit_log' });
    expect(summarizeSql('update "console"."users" set "name" = $1')).toEqual({ operation: 'UPDATE', collection: 'console.users' });
    expect(summarizeSql('  -- why\n delete from sessions where expires_at < $1')).toEqual({ operation: 'DELETE', collection: 'sessions' });
    expect(summarizeSql('begin')).toEqual({ operation: 'BEGIN' });
    expect(sqlSpanName(summarizeSql('commit'))).toBe('COMMIT');
    expect(sqlSpanName(summarizeSql('SELECT status, count(*)::int AS n FROM console.payout_requests GROUP BY status'))).toBe('SELECT console.payout_requests');
  });
  it('keeps the statement text short', () => {
    expect(sqlQueryText(`select ${'"a", '.repeat(300)} from t`)).toHaveLength(501);
    expect(sqlQueryText('select\n  1')).toBe('select 1');
  });
});
