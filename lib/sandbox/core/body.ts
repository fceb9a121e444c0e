import { ServiceError } from './errors';

/**
 * The request cap, whatever the framing (Content-Length or chunked): the 10,000,000-byte document limit plus room
 * for the multipart envelope and the `body` part, so the documents route can still name a file of 10,000,001 bytes
 * as FILE_TOO_LARGE. This number is the one the 413 reports, the README and the OpenAPI document state.
 */
export const MAX_REQUEST_BYTES = 11_000_000;
/** A body that sends nothing for this long is abandoned (408). */
export const BODY_IDLE_TIMEOUT_MS = 10_000;
/** And one that trickles is abandoned after this long in all (408): 11 MB at under 1 Mbit/s. */
export const BODY_TOTAL_TIMEOUT_MS = 120_000;

export interface BodyLimits {
  maxBytes: number;
  idleMs: number;
  totalMs: number;
}

export const DEFAULT_BODY_LIMITS: BodyLimits = {
  maxBytes: MAX_REQUEST_BYTES,
  idleMs: BODY_IDLE_TIMEOUT_MS,
  totalMs: BODY_TOTAL_TIMEOUT_MS,
};

export function payloadTooLarge(maxBytes: number, declaredBytes: number | null): ServiceError {
  return new ServiceError(413, 'PAYLOAD_TOO_LARGE', `Request body exceeds ${maxBytes} bytes`, {
    maxSizeBytes: maxBytes,
    ...(declaredBytes !== null ? { declaredSizeBytes: declaredBytes } : {}),
  });
}

export function requestTimeout(ms: number): ServiceError {
  return new ServiceError(408, 'REQUEST_TIMEOUT', `The request body did not arrive within ${Math.round(ms / 1000)} s`, {
    timeoutSeconds: Math.round(ms / 1000),
  });
}

/**
 * Reads a body stream into one buffer, stopping at `maxBytes` (413) or when it stalls (408). Each chunk is counted
 * as it arrives, so a chunked body with no Content-Length is cut off at the cap instead of read whole; the stream
 * is cancelled at once so the mount stops pulling from the socket.
 */
export async function readBodyCapped(body: ReadableStream<Uint8Array> | null, limits: BodyLimits = DEFAULT_BODY_LIMITS): Promise<Uint8Array> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const stop = (err: ServiceError): never => {
    reader.cancel().catch(() => undefined);
    throw err;
  };
  try {
    for (;;) {
      const left = limits.totalMs - (Date.now() - started);
      const wait = Math.max(0, Math.min(limits.idleMs, left));
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), wait);
      });
      const next = await Promise.race([reader.read(), timedOut]);
      clearTimeout(timer);
      if (next === 'timeout') stop(requestTimeout(left <= limits.idleMs ? limits.totalMs : limits.idleMs));
      else {
        if (next.done) break;
        size += next.value.byteLength;
        if (size > limits.maxBytes) stop(payloadTooLarge(limits.maxBytes, null));
        chunks.push(next.value);
      }
    }
  } finally {
    clearTimeout(timer);
  }
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/**
 * A body the route never read (a 401, a 404, a GET's): read and dropped, up to the cap, so the connection can carry
 * the next request. False when it went past the cap or stalled: the caller closes the connection instead.
 */
export async function discardBodyCapped(body: ReadableStream<Uint8Array>, limits: BodyLimits = DEFAULT_BODY_LIMITS): Promise<boolean> {
  const reader = body.getReader();
  let size = 0;
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    for (;;) {
      const left = limits.totalMs - (Date.now() - started);
      const wait = Math.max(0, Math.min(limits.idleMs, left));
      const next = await Promise.race([
        reader.read(),
        new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), wait);
        }),
      ]);
      clearTimeout(timer);
      if (next === 'timeout') break;
      if (next.done) return true;
      size += next.value.byteLength;
      if (size > limits.maxBytes) break;
    }
  } catch {
    // the client went away
  } finally {
    clearTimeout(timer);
  }
  reader.cancel().catch(() => undefined);
  return false;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 text (a leading byte-order mark dropped, as Request.text() does), or null when the bytes are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}
