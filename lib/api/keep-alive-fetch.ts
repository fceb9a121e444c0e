import 'server-only';
import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';

/**
 * A `fetch` for the service calls, over `node:http` with one keep-alive agent per protocol.
 *
 * Why not the global `fetch`: inside a Next route handler or server component that function is Next's patched
 * fetch (cache bookkeeping, tracing) over undici's WHATWG streams, several times slower per call than a plain
 * `node:http` request (README, "Request overhead", has the profile's figures). Service calls are never cached (every read is per user and live), so nothing of Next's is lost.
 *
 * It handles the bodies the client sends itself: none, a string (JSON) or URLSearchParams. Anything else (the
 * multipart form and the streamed upload of lib/api/documents.ts) goes to the global `fetch`, which encodes
 * multipart and streams with `duplex: 'half'`. Redirects are not followed: the service's API never redirects,
 * and a 3xx reaches the caller as it is.
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 16, timeout: 30_000 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 16, timeout: 30_000 }),
};

/** A status that may not carry a body in `new Response(...)`. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

function decode(encoding: string | undefined, raw: Buffer): Buffer {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case '':
    case 'identity':
      return raw;
    case 'gzip':
    case 'x-gzip':
      return zlib.gunzipSync(raw);
    case 'deflate':
      return zlib.inflateSync(raw);
    case 'br':
      return zlib.brotliDecompressSync(raw);
    default:
      throw new TypeError(`Unsupported content-encoding: ${encoding}`);
  }
}

export const keepAliveFetch: typeof fetch = (input, init) => {
  const body = init?.body;
  const url = typeof input === 'string' ? new URL(input) : input instanceof URL ? input : null;
  const simpleBody = body === undefined || body === null || typeof body === 'string' || body instanceof URLSearchParams;
  if (!url || !simpleBody || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    return globalThis.fetch(input, init);
  }
  const signal = init?.signal ?? undefined;
  if (signal?.aborted) return Promise.reject(abortError(signal));

  const headers: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, name) => {
    headers[name] = value;
  });
  let payload: string | undefined;
  if (typeof body === 'string') payload = body;
  else if (body instanceof URLSearchParams) {
    payload = body.toString();
    headers['content-type'] ??= 'application/x-www-form-urlencoded;charset=UTF-8';
  }
  if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));

  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<Response>((resolve, reject) => {
    const req = transport.request(url, { method: init?.method ?? 'GET', headers, agent: agents[url.protocol as 'http:' | 'https:'] });
    const onAbort = () => req.destroy(abortError(signal as AbortSignal) as Error);
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    req.on('error', (error) => {
      settle();
      reject(signal?.aborted ? abortError(signal) : new TypeError('fetch failed', { cause: error }));
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (error) => {
        settle();
        reject(signal?.aborted ? abortError(signal) : new TypeError('fetch failed', { cause: error }));
      });
      res.on('end', () => {
        settle();
        // A body cut off mid-stream ends without `complete`: a transport failure, as undici reports it.
        if (!res.complete) {
          reject(new TypeError('fetch failed', { cause: new Error('terminated') }));
          return;
        }
        try {
          const status = res.statusCode ?? 0;
          const responseHeaders = new Headers();
          for (let i = 0; i < res.rawHeaders.length; i += 2) responseHeaders.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
          const raw = Buffer.concat(chunks);
          const decoded = decode(res.headers['content-encoding'], raw);
          responseHeaders.delete('content-encoding');
          responseHeaders.delete('content-length');
          resolve(new Response(NULL_BODY.has(status) ? null : new Uint8Array(decoded), { status, statusText: res.statusMessage, headers: responseHeaders }));
        } catch (error) {
          reject(new TypeError('fetch failed', { cause: error }));
        }
      });
    });
    req.end(payload);
  });
};
