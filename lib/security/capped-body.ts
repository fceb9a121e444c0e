/**
 * A request body read with a hard cap: at most `limit` bytes, whatever Content-Length claimed. Null as soon as the
 * body is longer (the read stops there); an absent body is empty. Used by the webhook receiver and the
 * server-action guard, so both refuse an oversized body the same way.
 */
export async function readCappedBody(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array | null> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Not awaited: cancelling one branch of a tee'd (cloned) body settles only when the other branch is cancelled too.
      reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
