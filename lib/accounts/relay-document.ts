import 'server-only';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import * as z from 'zod/mini';
import { MAX_DOCUMENT_BYTES, SNIFF_BYTES, checkDocumentFile, type DocumentFileProblem } from '@/lib/domain/accounts/document-file';
import { DOCUMENT_SIDES } from '@/lib/domain/accounts/requirement-board';
import type { StreamedDocumentInput } from '@/lib/api/documents';

/**
 * Receives one document upload from the browser (multipart: a `meta` JSON field, then one `file`) and relays
 * it to the service while it arrives: busboy parses the incoming stream, the first bytes are checked (type),
 * every chunk is counted (size) and hashed (SHA-256, for the audit log), and the chunks go on into the
 * service's multipart request as they are pulled. The whole file is never in memory: backpressure from the
 * service's connection reaches the browser's upload through busboy and the request stream.
 */

/** Multipart framing around a 10 MB file is a few hundred bytes; anything declared beyond this is refused unread. */
export const MAX_UPLOAD_REQUEST_BYTES = MAX_DOCUMENT_BYTES + 64 * 1024;

export const uploadMetaSchema = z.object({
  documentType: z.string().check(z.regex(/^[A-Z][A-Z0-9_]{1,63}$/)),
  documentSubType: z.optional(z.enum(DOCUMENT_SIDES)),
  holder: z.object({ type: z.enum(['ACCOUNT', 'UBO']), referenceId: z.uuid() }),
  metadata: z.optional(
    z.record(z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/)), z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
  ),
});
export type UploadMeta = z.infer<typeof uploadMetaSchema>;

export type RelayFailureCode = DocumentFileProblem | 'INVALID_UPLOAD' | 'UPLOAD_ABORTED' | 'HOLDER_NOT_ON_ACCOUNT';

export type RelayOutcome =
  | { ok: true; meta: UploadMeta; fileName: string; mime: string; size: number; sha256: string; requestId: string }
  | { ok: false; status: number; code: RelayFailureCode; meta?: UploadMeta; fileName?: string; size?: number }
  | { ok: false; status: 'service'; error: unknown; meta: UploadMeta; fileName: string; size: number; sha256: string | null };

export type SendToService = (input: StreamedDocumentInput, signal: AbortSignal) => Promise<{ requestId: string }>;

class TooLarge extends Error {
  constructor() {
    super('The document is larger than the limit');
    this.name = 'TooLarge';
  }
}

const fail = (status: number, code: RelayFailureCode, extra: Partial<Extract<RelayOutcome, { status: number }>> = {}): RelayOutcome => ({
  ok: false,
  status,
  code,
  ...extra,
});

/** File names are shown to people and written to the audit log: no paths, no control characters, bounded. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
  return clean || 'document';
}

export interface RelayOptions {
  /** Checked once the meta and the file's first bytes are in, before anything is sent: false refuses (422). */
  holderBelongs?: (meta: UploadMeta) => Promise<boolean> | boolean;
}

export async function relayDocumentUpload(request: Request, send: SendToService, options: RelayOptions = {}): Promise<RelayOutcome> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data') || !request.body) return fail(400, 'INVALID_UPLOAD');
  const declared = Number(request.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > MAX_UPLOAD_REQUEST_BYTES) return fail(413, 'FILE_TOO_LARGE');

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // Browsers send the file name as raw UTF-8 in `filename="…"`; busboy's default reads it as Latin-1.
      defParamCharset: 'utf8',
      limits: { fields: 1, files: 1, parts: 2, fieldSize: 16 * 1024, fileSize: MAX_DOCUMENT_BYTES + 1 },
    });
  } catch {
    return fail(400, 'INVALID_UPLOAD');
  }
  const incoming = Readable.fromWeb(request.body as unknown as NodeWebReadableStream<Uint8Array>);
  const abort = new AbortController();
  request.signal?.addEventListener('abort', () => abort.abort(), { once: true });

  return new Promise<RelayOutcome>((resolve) => {
    let settled = false;
    let meta: UploadMeta | null = null;
    let sawFile = false;
    const finish = (outcome: RelayOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    // Whatever is left of a refused upload is read and dropped (never kept), so the browser gets our answer
    // instead of a reset connection.
    const drain = () => {
      incoming.unpipe(parser);
      incoming.resume();
    };

    parser.on('field', (name, value) => {
      // U+FFFD is where busboy met bytes that are not UTF-8: such a meta is refused, never relayed and stored.
      if (name !== 'meta' || meta || value.includes('\uFFFD')) return;
      let json: unknown;
      try {
        json = JSON.parse(value);
      } catch {
        json = null;
      }
      const parsed = uploadMetaSchema.safeParse(json);
      if (parsed.success) meta = parsed.data;
    });

    parser.on('file', (name, file, info) => {
      const unreadableName = (info.filename ?? '').includes('\uFFFD');
      if (sawFile || name !== 'file' || !meta || unreadableName) {
        file.resume();
        if (!meta || (unreadableName && !sawFile && name === 'file')) {
          finish(fail(400, 'INVALID_UPLOAD'));
          drain();
        }
        return;
      }
      sawFile = true;
      const fileName = cleanFileName(info.filename);
      const currentMeta = meta;
      void relayFile(file, fileName, currentMeta).then(finish, () => finish(fail(500, 'INVALID_UPLOAD', { meta: currentMeta, fileName })));
    });

    parser.on('close', () => {
      if (!sawFile) finish(fail(400, 'INVALID_UPLOAD'));
    });
    parser.on('error', () => finish(fail(abort.signal.aborted ? 499 : 400, abort.signal.aborted ? 'UPLOAD_ABORTED' : 'INVALID_UPLOAD')));
    incoming.on('error', () => {
      abort.abort();
      finish(fail(499, 'UPLOAD_ABORTED'));
    });
    incoming.pipe(parser);

    async function relayFile(file: Readable, fileName: string, currentMeta: UploadMeta): Promise<RelayOutcome> {
      const chunks = file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
      // Collect just enough of the start to know the type.
      const head: Buffer[] = [];
      let headBytes = 0;
      let ended = false;
      while (headBytes < SNIFF_BYTES) {
        const next = await chunks.next();
        if (next.done) {
          ended = true;
          break;
        }
        head.push(next.value);
        headBytes += next.value.length;
      }
      const headBuf = Buffer.concat(head);
      // Size is known only at the end; here it is "at least what arrived" (or exactly that, if it ended).
      const check = checkDocumentFile(ended ? headBytes : Math.max(headBytes, 1), headBuf.subarray(0, SNIFF_BYTES));
      if (!check.ok) {
        file.resume();
        drain();
        return fail(check.problem === 'FILE_TOO_LARGE' ? 413 : 400, check.problem, { meta: currentMeta, fileName, size: headBytes });
      }

      if (options.holderBelongs && !(await options.holderBelongs(currentMeta))) {
        file.resume();
        drain();
        return fail(422, 'HOLDER_NOT_ON_ACCOUNT', { meta: currentMeta, fileName });
      }

      const hash = createHash('sha256');
      let size = 0;
      let tooLarge = false;
      const count = (chunk: Uint8Array) => {
        size += chunk.length;
        if (size > MAX_DOCUMENT_BYTES) {
          tooLarge = true;
          throw new TooLarge();
        }
        hash.update(chunk);
      };
      const pending: Uint8Array[] = head.length ? [headBuf] : [];
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          try {
            const queued = pending.shift();
            if (queued) {
              count(queued);
              controller.enqueue(queued);
              return;
            }
            const next = ended ? { done: true as const, value: undefined } : await chunks.next();
            if (next.done) {
              controller.close();
              return;
            }
            count(next.value);
            controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.length));
          } catch (error) {
            // Erroring the body makes fetch abort the service request: a cut-off multipart is never accepted.
            controller.error(error);
            file.resume();
            drain();
          }
        },
        cancel() {
          file.resume();
        },
      });

      try {
        const { requestId } = await send(
          { ...currentMeta, fileName, contentType: check.mime, file: body },
          abort.signal,
        );
        return { ok: true, meta: currentMeta, fileName, mime: check.mime, size, sha256: hash.digest('hex'), requestId };
      } catch (error) {
        if (tooLarge) return fail(413, 'FILE_TOO_LARGE', { meta: currentMeta, fileName, size });
        if (abort.signal.aborted) return fail(499, 'UPLOAD_ABORTED', { meta: currentMeta, fileName, size });
        return { ok: false, status: 'service', error, meta: currentMeta, fileName, size, sha256: null };
      }
    }
  });
}
