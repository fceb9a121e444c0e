import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { documentMultipartStream, type StreamedDocumentInput } from '@/lib/api/documents';
import { MAX_DOCUMENT_BYTES } from '@/lib/domain/accounts/document-file';
import { cleanFileName, relayDocumentUpload, type SendToService } from './relay-document';

const ACCOUNT = '11111111-1111-4111-8111-111111111111';
const META = { documentType: 'ARTICLES_OF_ASSOCIATION', holder: { type: 'ACCOUNT', referenceId: ACCOUNT } };
const PDF_HEAD = new TextEncoder().encode('%PDF-1.4\n');

function pdf(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(PDF_HEAD.subarray(0, Math.min(size, PDF_HEAD.length)));
  for (let i = PDF_HEAD.length; i < size; i += 4096) bytes[i] = i % 251;
  return bytes;
}

function uploadRequest(file: Uint8Array<ArrayBuffer>, opts: { name?: string; meta?: unknown; metaFirst?: boolean } = {}): Request {
  const form = new FormData();
  const meta = JSON.stringify(opts.meta ?? META);
  if (opts.metaFirst !== false) form.append('meta', meta);
  form.append('file', new Blob([file]), opts.name ?? 'articles.pdf');
  if (opts.metaFirst === false) form.append('meta', meta);
  return new Request('http://console.test/api/uploads/x', { method: 'POST', body: form });
}

/** A fake service: reads the relayed multipart exactly as the service would, and remembers it. */
function fakeService() {
  const calls: { body: unknown; file: File }[] = [];
  const send: SendToService = async (input: StreamedDocumentInput) => {
    const { body, contentType } = documentMultipartStream(input);
    const form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
    calls.push({ body: JSON.parse(String(form.get('body'))), file: form.get('file') as File });
    return { requestId: 'req-1' };
  };
  return { calls, send };
}

describe('relayDocumentUpload', () => {
  it('relays a document: the service gets the body part and the same bytes; size and SHA-256 are reported', async () => {
    const bytes = pdf(300_000);
    const service = fakeService();
    const outcome = await relayDocumentUpload(uploadRequest(bytes, { name: 'C:\\docs\\articles.pdf' }), service.send);
    expect(outcome).toMatchObject({
      ok: true,
      fileName: 'articles.pdf',
      mime: 'application/pdf',
      size: 300_000,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      requestId: 'req-1',
    });
    expect(service.calls).toHaveLength(1);
    expect(service.calls[0].body).toEqual(META);
    expect(service.calls[0].file.name).toBe('articles.pdf');
    expect(service.calls[0].file.type).toBe('application/pdf');
    const received = new Uint8Array(await service.calls[0].file.arrayBuffer());
    expect(createHash('sha256').update(received).digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('refuses a renamed executable, an empty file and bad meta without calling the service', async () => {
    const service = fakeService();
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0]);
    expect(await relayDocumentUpload(uploadRequest(exe, { name: 'invoice.pdf' }), service.send)).toMatchObject({ ok: false, status: 400, code: 'UNSUPPORTED_FILE_TYPE' });
    expect(await relayDocumentUpload(uploadRequest(new Uint8Array()), service.send)).toMatchObject({ ok: false, status: 400, code: 'EMPTY_FILE' });
    expect(await relayDocumentUpload(uploadRequest(pdf(100), { meta: { ...META, documentType: 'lower case' } }), service.send)).toMatchObject({ ok: false, code: 'INVALID_UPLOAD' });
    expect(await relayDocumentUpload(uploadRequest(pdf(100), { metaFirst: false }), service.send)).toMatchObject({ ok: false, code: 'INVALID_UPLOAD' });
    expect(service.calls).toHaveLength(0);
  });

  it('refuses a holder that is not on the account before sending', async () => {
    const service = fakeService();
    const outcome = await relayDocumentUpload(uploadRequest(pdf(100)), service.send, { holderBelongs: () => false });
    expect(outcome).toMatchObject({ ok: false, status: 422, code: 'HOLDER_NOT_ON_ACCOUNT' });
    expect(service.calls).toHaveLength(0);
  });

  it('refuses a declared body over the limit unread, and cuts off an undeclared one at 10,000,001 bytes', async () => {
    const service = fakeService();
    const big = uploadRequest(pdf(100));
    const declared = new Request(big.url, { method: 'POST', body: big.body, headers: { 'content-type': big.headers.get('content-type')!, 'content-length': String(MAX_DOCUMENT_BYTES + 100_000) }, duplex: 'half' } as RequestInit);
    expect(await relayDocumentUpload(declared, service.send)).toMatchObject({ ok: false, status: 413, code: 'FILE_TOO_LARGE' });

    // No Content-Length, 64 KiB chunks (as a browser or proxy may send): the relay counts while streaming, has
    // already started the service request, and errors its body at byte 10,000,001 so the service never gets a
    // complete multipart.
    const whole = new Uint8Array(await uploadRequest(pdf(MAX_DOCUMENT_BYTES + 1)).arrayBuffer());
    let offset = 0;
    const chunkedBody = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= whole.length) return controller.close();
        controller.enqueue(whole.subarray(offset, offset + 65_536));
        offset += 65_536;
      },
    });
    const realType = `multipart/form-data; boundary=${new TextDecoder('latin1').decode(whole.subarray(2, whole.indexOf(13)))}`;
    const chunked = new Request('http://console.test/api/uploads/x', { method: 'POST', body: chunkedBody, headers: { 'content-type': realType }, duplex: 'half' } as RequestInit);
    let serviceSawError = false;
    let serviceBytes = 0;
    const outcome = await relayDocumentUpload(chunked, async (input) => {
      const reader = documentMultipartStream(input).body.getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          serviceBytes += value.length;
        }
      } catch {
        serviceSawError = true;
        throw new TypeError('fetch failed');
      }
      return { requestId: 'never' };
    });
    expect(outcome).toMatchObject({ ok: false, status: 413, code: 'FILE_TOO_LARGE' });
    expect(serviceBytes).toBeGreaterThan(1_000_000);
    expect(serviceSawError).toBe(true);
  });

  it('passes the service’s refusal through', async () => {
    const refusal = Object.assign(new Error('Not due'), { name: 'ApiError', code: 'DOCUMENT_NOT_DUE' });
    const outcome = await relayDocumentUpload(uploadRequest(pdf(50)), async (input) => {
      await new Response(input.file).arrayBuffer();
      throw refusal;
    });
    expect(outcome).toMatchObject({ ok: false, status: 'service', error: refusal, size: 50 });
  });
});

describe('cleanFileName', () => {
  it('keeps the base name without control characters', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('a\u0000b\nc.pdf')).toBe('abc.pdf');
    expect(cleanFileName('')).toBe('document');
  });
});

describe('relayDocumentUpload and text that is not UTF-8', () => {
  const boundary = 'utf8boundary';
  const enc = new TextEncoder();
  /** A hand-made multipart body: `meta` then `file`, each given as raw bytes. */
  function rawUpload(meta: Uint8Array, fileName: Uint8Array): Request {
    const body = new Uint8Array([
      ...enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="meta"\r\n\r\n`),
      ...meta,
      ...enc.encode(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="`),
      ...fileName,
      ...enc.encode(`"\r\nContent-Type: application/pdf\r\n\r\n`),
      ...pdf(2_000),
      ...enc.encode(`\r\n--${boundary}--\r\n`),
    ]);
    return new Request('http://console.test/api/uploads/x', {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
  }
  const latin1 = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));
  const metaWith = (note: Uint8Array) => {
    const [head, tail] = JSON.stringify({ ...META, metadata: { note: '@@' } }).split('@@');
    return new Uint8Array([...enc.encode(head), ...note, ...enc.encode(tail)]);
  };

  it('refuses a Latin-1 meta or file name with 400 and never calls the service', async () => {
    const service = fakeService();
    const badMeta = await relayDocumentUpload(rawUpload(metaWith(latin1('não')), enc.encode('a.pdf')), service.send);
    expect(badMeta).toMatchObject({ ok: false, status: 400, code: 'INVALID_UPLOAD' });
    const badName = await relayDocumentUpload(rawUpload(metaWith(enc.encode('ok')), latin1('contrato-não.pdf')), service.send);
    expect(badName).toMatchObject({ ok: false, status: 400, code: 'INVALID_UPLOAD' });
    expect(service.calls).toEqual([]);
  });

  it('keeps a UTF-8 file name as typed (not read as Latin-1)', async () => {
    const service = fakeService();
    const outcome = await relayDocumentUpload(rawUpload(metaWith(enc.encode('não')), enc.encode('contrato-não.pdf')), service.send);
    expect(outcome).toMatchObject({ ok: true, fileName: 'contrato-não.pdf' });
    expect(service.calls[0].body).toMatchObject({ metadata: { note: 'não' } });
  });
});
