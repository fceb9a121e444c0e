/**
 * What a KYB document file may be: 1 byte to 10,000,000 bytes (the service's limit, lib/sandbox/README.md
 * "Documents"), and a PDF, PNG or JPEG by its first bytes — the name and the browser's declared type are not
 * trusted, so a renamed `.exe` is refused. Used by the browser before anything is sent and by the upload route
 * handler on the bytes it actually receives.
 *
 * Hand-written instead of the `file-type` package: its browser entry bundles ~21 kB gzip (75 kB minified) of
 * detectors for hundreds of formats and declares Node ≥ 22, while the service accepts exactly three
 * signatures that fit in these few lines.
 */

export const MIN_DOCUMENT_BYTES = 1;
export const MAX_DOCUMENT_BYTES = 10_000_000;
/** How many leading bytes the type check needs (the longest signature, PNG's, is 8). */
export const SNIFF_BYTES = 8;

export const DOCUMENT_MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type DocumentMimeType = (typeof DOCUMENT_MIME_TYPES)[number];
/** For the file picker's `accept` (a hint to the OS dialog only; the bytes decide). */
export const DOCUMENT_ACCEPT: Record<DocumentMimeType, string[]> = {
  'application/pdf': ['.pdf'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
};

const SIGNATURES: { mime: DocumentMimeType; bytes: number[] }[] = [
  { mime: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // "%PDF-"
  { mime: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
];

/** The accepted type the leading bytes announce, or null. */
export function detectDocumentType(head: Uint8Array): DocumentMimeType | null {
  for (const { mime, bytes } of SIGNATURES) {
    if (head.length >= bytes.length && bytes.every((b, i) => head[i] === b)) return mime;
  }
  return null;
}

export type DocumentFileProblem = 'EMPTY_FILE' | 'FILE_TOO_LARGE' | 'UNSUPPORTED_FILE_TYPE';

export type DocumentFileCheck = { ok: true; mime: DocumentMimeType } | { ok: false; problem: DocumentFileProblem };

/** Size first (an empty file has no type), then the signature. `head` = at least the first SNIFF_BYTES bytes. */
export function checkDocumentFile(size: number, head: Uint8Array): DocumentFileCheck {
  if (!Number.isFinite(size) || size < MIN_DOCUMENT_BYTES) return { ok: false, problem: 'EMPTY_FILE' };
  if (size > MAX_DOCUMENT_BYTES) return { ok: false, problem: 'FILE_TOO_LARGE' };
  const mime = detectDocumentType(head);
  return mime ? { ok: true, mime } : { ok: false, problem: 'UNSUPPORTED_FILE_TYPE' };
}

/** Browser side: reads only the first bytes of the picked file, never the whole of it. */
export async function checkDocumentBlob(file: Blob): Promise<DocumentFileCheck> {
  if (file.size < MIN_DOCUMENT_BYTES || file.size > MAX_DOCUMENT_BYTES) return checkDocumentFile(file.size, new Uint8Array());
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return checkDocumentFile(file.size, head);
}
