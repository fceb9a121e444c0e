import { describe, expect, it } from 'vitest';
import { readCappedBody } from './capped-body';

function streamOf(...chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c));
      controller.close();
    },
  });
}

describe('readCappedBody', () => {
  it('joins the chunks of a body up to the limit, the limit included', async () => {
    expect(new TextDecoder().decode((await readCappedBody(streamOf('ab', 'cd', 'e'), 5))!)).toBe('abcde');
  });

  it('is null once the body passes the limit, without reading the rest', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    expect(await readCappedBody(endless, 4096)).toBeNull();
    expect(pulled).toBeLessThan(10);
    expect(await readCappedBody(streamOf('abcdef'), 5)).toBeNull();
  });

  it('reads an absent body as empty', async () => {
    expect(await readCappedBody(null, 10)).toEqual(new Uint8Array(0));
  });
});
