import 'server-only';
import { type MutationOptions } from './client';
import { clientFor } from './default-client';
import type { ApiResult } from './types';

export const DOCUMENT_HOLDER_TYPES = ['ACCOUNT', 'UBO'] as const;

export interface UploadDocumentInput {
  /** One of the requirement's document types (e.g. `ARTICLES_OF_ASSOCIATION`). */
  documentType: string;
  /** Needed for sided documents (`ID_CARD`, `DRIVER_LICENSE`): `FRONT_SIDE` / `BACK_SIDE`. */
  documentSubType?: string;
  holder: { type: (typeof DOCUMENT_HOLDER_TYPES)[number] | (string & {}); referenceId: string };
  metadata?: Record<string, string>;
  /** The file content; a `File` keeps its name and type, a bare Blob gets `fileName`. */
  file: Blob;
  fileName?: string;
}

type DocumentBodyInput = Pick<UploadDocumentInput, 'documentType' | 'documentSubType' | 'holder' | 'metadata'>;

/**
 * The JSON of the `body` part, always in the same key order: the service fingerprints multipart parts by
 * content, so a retry with the same idempotency key must send byte-identical parts to be replayed.
 */
export function documentBodyJson(input: DocumentBodyInput): string {
  return JSON.stringify({
    documentType: input.documentType,
    ...(input.documentSubType ? { documentSubType: input.documentSubType } : {}),
    holder: { type: input.holder.type, referenceId: input.holder.referenceId },
    ...(input.metadata && Object.keys(input.metadata).length ? { metadata: input.metadata } : {}),
  });
}

/** The multipart body: a JSON `body` part and one `file` part (contract: Documents). */
export function documentFormData(input: UploadDocumentInput): FormData {
  const { file, fileName } = input;
  const form = new FormData();
  form.set('body', new Blob([documentBodyJson(input)], { type: 'application/json' }));
  const name = fileName ?? (file instanceof File ? file.name : 'document');
  form.set('file', file, name);
  return form;
}

/** POST /api/documents — uploads one KYB document for an account or a UBO (multipart; 204, no body). */
export async function uploadDocument(input: UploadDocumentInput, options: MutationOptions): Promise<ApiResult<null>> {
  const { requestId } = await clientFor(options).request<never>({
    method: 'POST',
    path: '/api/documents',
    form: documentFormData(input),
    idempotencyKey: options.idempotencyKey,
    signal: options.signal,
    // Uploads of up to 10 MB need longer than a JSON call on a slow link.
    timeoutMs: 60_000,
    deadlineMs: 120_000,
  });
  return { data: null, requestId };
}

export interface StreamedDocumentInput extends DocumentBodyInput {
  fileName: string;
  /** The type the file's first bytes announce (checked by the caller). */
  contentType: string;
  /** The file's bytes as they arrive; never held whole in memory. */
  file: ReadableStream<Uint8Array>;
}

// HTML's multipart/form-data encoding of a file name: quotes and line breaks percent-encoded.
function quotedName(name: string): string {
  return name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/**
 * The same multipart request as `documentFormData` builds, but streamed: the `body` part, then the file's
 * chunks as they are pulled (backpressure reaches the browser's upload), then the closing boundary.
 */
export function documentMultipartStream(input: StreamedDocumentInput): { body: ReadableStream<Uint8Array>; contentType: string } {
  const boundary = `----fx-console-${crypto.randomUUID()}`;
  const encoder = new TextEncoder();
  const head = encoder.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="body"\r\nContent-Type: application/json\r\n\r\n` +
      `${documentBodyJson(input)}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${quotedName(input.fileName)}"\r\n` +
      `Content-Type: ${input.contentType}\r\n\r\n`,
  );
  const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
  const reader = input.file.getReader();
  let sentHead = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!sentHead) {
        sentHead = true;
        controller.enqueue(head);
        return;
      }
      const { done, value } = await reader.read();
      if (done) {
        controller.enqueue(tail);
        controller.close();
      } else {
        controller.enqueue(value);
      }
    },
    async cancel(reason) {
      await reader.cancel(reason);
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * POST /api/documents, streamed: relays one document to the service as its bytes arrive (204, no body).
 * One attempt only (a stream is read once); the browser retries with the same idempotency key.
 */
export async function uploadDocumentStream(input: StreamedDocumentInput, options: MutationOptions): Promise<ApiResult<null>> {
  const { requestId } = await clientFor(options).request<never>({
    method: 'POST',
    path: '/api/documents',
    stream: documentMultipartStream(input),
    idempotencyKey: options.idempotencyKey,
    signal: options.signal,
    timeoutMs: 120_000,
    deadlineMs: 120_000,
  });
  return { data: null, requestId };
}
