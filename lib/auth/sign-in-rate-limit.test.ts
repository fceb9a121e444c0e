import { describe, expect, it } from 'vitest';
import { asRateLimitedResponse } from './sign-in-rate-limit';

describe('a rate-limited sign-in on the wire', () => {
  it('turns next-auth’s JSON answer into 429 with Retry-After, cookies kept', async () => {
    const headers = new Headers({ 'content-type': 'application/json' });
    headers.append('set-cookie', 'next-auth.csrf-token=x; Path=/');
    const original = new Response(JSON.stringify({ url: 'http://localhost:3000/login?error=RATE_LIMITED%3A37' }), { status: 200, headers });
    const res = await asRateLimitedResponse(original);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('37');
    expect(res.headers.get('set-cookie')).toContain('next-auth.csrf-token=x');
    expect(await res.json()).toEqual({ url: 'http://localhost:3000/login?error=RATE_LIMITED%3A37', code: 'RATE_LIMITED', retryAfterSeconds: 37 });
  });

  it('does the same for the redirecting form post, and leaves every other answer alone', async () => {
    const redirect = new Response(null, { status: 302, headers: { location: '/login?error=RATE_LIMITED%3A5' } });
    const limited = await asRateLimitedResponse(redirect);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('location')).toBeNull();
    for (const error of ['CredentialsSignin', 'LOCKED%3A15']) {
      const other = new Response(JSON.stringify({ url: `/login?error=${error}` }), { headers: { 'content-type': 'application/json' } });
      expect(await asRateLimitedResponse(other)).toBe(other);
    }
    const success = new Response(JSON.stringify({ url: 'http://localhost:3000/' }), { headers: { 'content-type': 'application/json' } });
    expect((await asRateLimitedResponse(success)).status).toBe(200);
  });
});
