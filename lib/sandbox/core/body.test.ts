import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REQUEST_BYTES } from './body';
import { createTestKit, type TestCustomer, type TestKit } from '../testing/kit';

let kit: TestKit;
let c: TestCustomer;
beforeAll(async () => {
  // Short time-outs so a stalled body is given up on within the test.
  kit = await createTestKit({ bodyLimits: { idleMs: 300, totalMs: 1_500 } });
  c = await kit.customer();
});
afterAll(async () => {
  await kit?.close();
});

const CHUNK = 64 * 1024;

/** A chunked body of `total` bytes made on demand: nothing exists until the reader pulls it. */
function endless(total: number, fill = 0x20) {
  const state = { pulled: 0, cancelled: false };
  const chunk = new Uint8Array(CHUNK).fill(fill);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= total) return controller.close();
      state.pulled += CHUNK;
      controller.enqueue(chunk);
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

function post(path: string, body: ReadableStream<Uint8Array> | Uint8Array, headers: Record<string, string> = {}) {
  return kit.sandbox.handle(
    new Request(`http://sandbox.test${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      duplex: 'half',
    } as RequestInit),
  );
}

describe('request bodies are read up to the cap, whatever the framing', () => {
  it('stops a 400 MB chunked body (no Content-Length) at the cap with 413, and memory stays flat', async () => {
    global.gc?.();
    const before = process.memoryUsage();
    const { stream, state } = endless(400 * 1024 * 1024);
    const res = await post('/api/oauth/client/token', stream);
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
    expect(await res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: { maxSizeBytes: MAX_REQUEST_BYTES } });
    // Read no further than the cap and a chunk, then let go of the source.
    expect(state.pulled).toBeLessThanOrEqual(MAX_REQUEST_BYTES + 2 * CHUNK);
    expect(state.cancelled).toBe(true);
    const after = process.memoryUsage();
    expect(after.rss - before.rss).toBeLessThan(120 * 1024 * 1024);
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(60 * 1024 * 1024);
  });

  it('the same on an authenticated route and on the documents route (multipart)', async () => {
    const json = endless(50 * 1024 * 1024);
    const a = await post('/api/accounts', json.stream, { authorization: `Bearer ${c.token}`, 'x-idempotency-key': crypto.randomUUID() });
    expect(a.status).toBe(413);
    expect(json.state.pulled).toBeLessThanOrEqual(MAX_REQUEST_BYTES + 2 * CHUNK);
    const multi = endless(50 * 1024 * 1024);
    const d = await post('/api/documents', multi.stream, {
      authorization: `Bearer ${c.token}`,
      'x-idempotency-key': crypto.randomUUID(),
      'content-type': 'multipart/form-data; boundary=x',
    });
    expect(d.status).toBe(413);
    expect(multi.state.pulled).toBeLessThanOrEqual(MAX_REQUEST_BYTES + 2 * CHUNK);
  });

  it('answers 413 from a declared Content-Length over the cap without reading, and states the one cap', async () => {
    const { stream, state } = endless(20 * 1024 * 1024);
    const res = await post('/api/oauth/client/token', stream, { 'content-length': String(MAX_REQUEST_BYTES + 1) });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      details: { maxSizeBytes: MAX_REQUEST_BYTES, declaredSizeBytes: MAX_REQUEST_BYTES + 1 },
    });
    expect(state.pulled).toBeLessThanOrEqual(2 * CHUNK);
  });

  it('the OpenAPI document states the same cap and the time-out on every write', async () => {
    const doc = (await kit.req('GET', '/openapi.json')).body as { paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>> };
    const token = doc.paths['/api/oauth/client/token'].post.responses;
    expect(token['413'].description).toContain(String(MAX_REQUEST_BYTES));
    expect(token['408'].description).toContain('REQUEST_TIMEOUT');
  });

  it('accepts a body of exactly the cap (it is then judged on its content)', async () => {
    const body = new Uint8Array(MAX_REQUEST_BYTES).fill(0x20);
    body.set(new TextEncoder().encode('{"clientId":"x","clientSecret":"y"}'));
    const res = await post('/api/oauth/client/token', body);
    expect(res.status).not.toBe(413);
  });

  it('a body its route never reads is dropped up to the cap; past it, cancelled and the connection closed', async () => {
    const { stream, state } = endless(100 * 1024 * 1024);
    const res = await post('/api/nothing-here', stream);
    expect(res.status).toBe(404);
    expect(res.headers.get('connection')).toBe('close');
    expect(state.pulled).toBeLessThanOrEqual(MAX_REQUEST_BYTES + 2 * CHUNK);
    expect(state.cancelled).toBe(true);
    // A small one (a 401 on an upload whose token expired): read to its end, the connection kept for the retry.
    const small = endless(3 * 1024 * 1024);
    const unauthorized = await post('/api/accounts', small.stream, { authorization: 'Bearer nope', 'x-idempotency-key': crypto.randomUUID() });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('connection')).toBeNull();
    expect(small.state.pulled).toBeGreaterThanOrEqual(3 * 1024 * 1024);
  });

  it('gives up on a body that stops arriving (408), and on one that trickles past the total time', async () => {
    const stalled = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"clientId":'));
      },
    });
    const started = Date.now();
    const res = await post('/api/oauth/client/token', stalled);
    expect(res.status).toBe(408);
    expect(res.headers.get('connection')).toBe('close');
    expect((await res.json()).code).toBe('REQUEST_TIMEOUT');
    expect(Date.now() - started).toBeLessThan(1_000);

    let timer: NodeJS.Timeout | undefined;
    const trickle = new ReadableStream<Uint8Array>({
      pull(controller) {
        return new Promise((resolve) => {
          timer = setTimeout(() => {
            controller.enqueue(new Uint8Array([0x20]));
            resolve();
          }, 100);
        });
      },
    });
    const slow = await post('/api/oauth/client/token', trickle);
    clearTimeout(timer);
    expect(slow.status).toBe(408);
  });
});

describe('bytes that are not UTF-8 are refused, never stored as U+FFFD', () => {
  const address = { addressLine1: 'Av. Paulista, 1000', city: 'São Paulo', state: 'SP', country: 'BR', postalCode: '01310-100' };
  const account = (legalName: string) =>
    JSON.stringify({
      assets: [{ code: 'BRL', isVirtual: false }],
      owner: { type: 'COMPANY', legalName, taxId: { value: '11.222.333/0001-81', type: 'CNPJ' }, industry: 'INFORMATION_TECHNOLOGY', address },
    });
  /** The JSON as UTF-8, with `latin1` spliced in as single bytes (what a Latin-1 client sends for "Importação"). */
  function withLatin1(json: string, marker: string, latin1: string): Uint8Array {
    const [head, tail] = json.split(marker);
    const enc = new TextEncoder();
    return new Uint8Array([...enc.encode(head), ...Buffer.from(latin1, 'latin1'), ...enc.encode(tail)]);
  }
  const count = async () => (await kit.pg.query<{ n: number }>('SELECT count(*)::int AS n FROM sandbox.accounts')).rows[0].n;

  it('a Latin-1 legal name: 400 INVALID_DATA naming the field, nothing created', async () => {
    const before = await count();
    const res = await post('/api/accounts', withLatin1(account('@@'), '@@', 'Importação Ltda'), {
      authorization: `Bearer ${c.token}`,
      'x-idempotency-key': crypto.randomUUID(),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'INVALID_DATA',
      details: { errors: [{ code: 'INVALID_UTF8', field: 'body:owner.legalName' }] },
    });
    expect(await count()).toBe(before);
  });

  it('the same for a broken body that does not parse, and for a text part of a multipart body', async () => {
    const res = await post('/api/oauth/client/token', new Uint8Array([0x7b, 0xff, 0xfe]));
    expect(res.status).toBe(400);
    expect((await res.json()).details.errors[0]).toMatchObject({ code: 'INVALID_UTF8', field: 'body' });

    const boundary = 'b0undary';
    const enc = new TextEncoder();
    const multipart = new Uint8Array([
      ...enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\n{"documentType":"PASSPORT","metadata":{"note":"`),
      ...Buffer.from('não', 'latin1'),
      ...enc.encode(`"}}\r\n--${boundary}--\r\n`),
    ]);
    const doc = await post('/api/documents', multipart, {
      authorization: `Bearer ${c.token}`,
      'x-idempotency-key': crypto.randomUUID(),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    expect(doc.status).toBe(400);
    expect((await doc.json()).details.errors[0]).toMatchObject({ code: 'INVALID_UTF8', field: 'body:body:metadata.note' });
  });

  it('keeps accepting real UTF-8, with or without a byte-order mark', async () => {
    const utf8 = new TextEncoder().encode(account('Importação Ltda'));
    const ok = await post('/api/accounts', new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]), {
      authorization: `Bearer ${c.token}`,
      'x-idempotency-key': crypto.randomUUID(),
    });
    expect(ok.status).toBe(201);
    expect((await ok.json()).owner.legalName).toBe('Importação Ltda');
  });
});
