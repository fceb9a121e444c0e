import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { keepAliveFetch } from './keep-alive-fetch';

// A real server on loopback: the transport is node:http, so only a socket shows what it does.
let base = '';
const sockets = new Set<string>();
const server = http.createServer((req, res) => {
  sockets.add(`${req.socket.remotePort}`);
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/echo') {
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('X-Request-Id', 'r-1');
      res.setHeader('Set-Cookie', ['a=1', 'b=2']);
      res.end(JSON.stringify({ method: req.method, headers: req.headers, body }));
    } else if (url.pathname === '/gzip') {
      res.setHeader('Content-Encoding', 'gzip');
      res.end(zlib.gzipSync('{"zipped":true}'));
    } else if (url.pathname === '/empty') {
      res.statusCode = 204;
      res.end();
    } else if (url.pathname === '/error') {
      res.statusCode = 409;
      res.end('{"code":"CONFLICT"}');
    } else if (url.pathname === '/slow') {
      setTimeout(() => res.end('late'), 2_000);
    } else if (url.pathname === '/cut') {
      res.setHeader('Content-Length', '100');
      res.write('partial');
      setTimeout(() => res.socket?.destroy(), 20);
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
});

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('keepAliveFetch', () => {
  it('sends method, headers and a JSON body, and returns status, headers and text like fetch', async () => {
    const res = await keepAliveFetch(`${base}/echo`, {
      method: 'POST',
      headers: new Headers({ Authorization: 'Bearer t', 'Content-Type': 'application/json', 'X-Idempotency-Key': 'k' }),
      body: JSON.stringify({ amount: '10.50' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('r-1');
    expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    const seen = (await res.json()) as { method: string; headers: Record<string, string>; body: string };
    expect(seen.method).toBe('POST');
    expect(seen.headers).toMatchObject({ authorization: 'Bearer t', 'x-idempotency-key': 'k', 'content-length': '18' });
    expect(JSON.parse(seen.body)).toEqual({ amount: '10.50' });
  });

  it('reuses one connection for calls one after the other (keep-alive)', async () => {
    sockets.clear();
    for (let i = 0; i < 5; i++) await (await keepAliveFetch(`${base}/echo`)).text();
    expect(sockets.size).toBe(1);
  });

  it('decodes a compressed body, allows a 204 and passes error statuses through', async () => {
    expect(await (await keepAliveFetch(`${base}/gzip`)).json()).toEqual({ zipped: true });
    const empty = await keepAliveFetch(`${base}/empty`);
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe('');
    const conflict = await keepAliveFetch(`${base}/error`);
    expect(conflict.status).toBe(409);
    expect(await conflict.text()).toBe('{"code":"CONFLICT"}');
  });

  it('rejects on abort with the signal reason, on a refused connection and on a body cut off mid-stream', async () => {
    const abort = new AbortController();
    const pending = keepAliveFetch(`${base}/slow`, { signal: abort.signal });
    setTimeout(() => abort.abort(new DOMException('time-out', 'TimeoutError')), 30);
    await expect(pending).rejects.toMatchObject({ name: 'TimeoutError' });
    await expect(keepAliveFetch(`${base}/slow`, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });

    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    await expect(keepAliveFetch(`http://127.0.0.1:${port}/`)).rejects.toThrow(TypeError);

    await expect(keepAliveFetch(`${base}/cut`).then((r) => r.text())).rejects.toThrow(TypeError);
  });

  it('leaves bodies it does not encode itself (multipart, streams) to the global fetch', async () => {
    const spy = vi.spyOn(globalThis, 'fetch');
    const form = new FormData();
    form.append('meta', '{}');
    const res = await keepAliveFetch(`${base}/echo`, { method: 'POST', body: form });
    expect(spy).toHaveBeenCalledTimes(1);
    const seen = (await res.json()) as { headers: Record<string, string> };
    expect(seen.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    spy.mockRestore();
  });
});
