import { describe, expect, it } from 'vitest';
import { NO_CONTENT_CSP, withApiHeaders } from './api-headers';

describe('withApiHeaders', () => {
  it('sets the security headers, the no-content policy and a request id', () => {
    const res = withApiHeaders(Response.json({ ok: true }), { PUBLIC_URL: 'http://localhost:3000' });
    expect(res.headers.get('content-security-policy')).toBe(NO_CONTENT_CSP);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('adds HSTS when the public URL is https, and keeps a request id already set', () => {
    const res = withApiHeaders(new Response('x', { headers: { 'x-request-id': 'kept' } }), { PUBLIC_URL: 'https://console.example' });
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
    expect(res.headers.get('x-request-id')).toBe('kept');
  });

  it('answers with a copy when the headers are immutable (a Response from fetch)', async () => {
    const immutable = Response.error();
    expect(() => immutable.headers.set('x', 'y')).toThrow();
    const upstream = new Response('body', { status: 202, headers: { 'Content-Type': 'text/plain' } });
    Object.defineProperty(upstream, 'headers', { value: immutable.headers });
    const res = withApiHeaders(upstream, {});
    expect(res).not.toBe(upstream);
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('body');
    expect(res.headers.get('content-security-policy')).toBe(NO_CONTENT_CSP);
  });
});
