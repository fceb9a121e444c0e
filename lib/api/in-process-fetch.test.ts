import { describe, expect, it } from 'vitest';
import { inProcessFetch } from './in-process-fetch';

describe('inProcessFetch', () => {
  it('passes the exact request (method, headers, body) to the handler', async () => {
    const seen: Request[] = [];
    const f = inProcessFetch(async () => async (r) => {
      seen.push(r);
      return Response.json({ ok: true }, { status: 201 });
    });
    const res = await f('http://x.test/sandbox/api/quotes', { method: 'POST', headers: { 'X-Idempotency-Key': 'k' }, body: '{"a":1}' });
    expect(res.status).toBe(201);
    expect(seen[0].method).toBe('POST');
    expect(seen[0].headers.get('x-idempotency-key')).toBe('k');
    expect(await seen[0].json()).toEqual({ a: 1 });
  });

  it('rejects like fetch when the signal aborts before the handler answers', async () => {
    const f = inProcessFetch(async () => () => new Promise<Response>((resolve) => setTimeout(() => resolve(new Response('late')), 500)));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    await expect(f('http://x.test/a', { signal: controller.signal })).rejects.toBeDefined();
    expect(controller.signal.aborted).toBe(true);
  });
});
