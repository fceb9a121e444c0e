import { assertStorable, depthError, jsonDepthExceeds } from '../core/input-guard';
import { createHash, randomUUID } from 'node:crypto';
import { ServiceError } from '../core/errors';
import { Validator } from '../core/validate';
import type { RouteDef } from '../core/types';
import { DOCUMENT_SUB_TYPES, DOCUMENT_TYPES, HOLDER_TYPES, MAX_DOCUMENT_BYTES, SIDED_DOCUMENT_TYPES } from './constants';
import { isDue, withUpload } from './requirements';
import { loadAccount, loadAccountByUbo, saveAccount } from './store';

/** File type from magic bytes (the declared content type is not trusted). */
export function sniffFileType(bytes: Uint8Array): string {
  const starts = (sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x50, 0x4b, 0x03, 0x04])) return 'application/zip';
  if (starts([0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  return 'application/octet-stream';
}

async function sha256Hex(file: Blob): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of file.stream() as unknown as AsyncIterable<Uint8Array>) hash.update(chunk);
  return hash.digest('hex');
}

const ACCEPTED = new Set(['application/pdf', 'image/png', 'image/jpeg']);

function missingPart(fieldName: string): ServiceError {
  return new ServiceError(400, 'MISSING_MULTIPART_FIELD', `Multipart field '${fieldName}' is required`, { fieldName });
}

/**
 * POST /api/documents (multipart `body` + `file`) → 204. Stores metadata and the SHA-256, not the bytes: the
 * sandbox never needs the content back, and a database of uploaded IDs is a liability.
 */
export const uploadDocumentRoute: RouteDef = {
  method: 'POST',
  path: '/api/documents',
  auth: 'customer',
  summary: 'Upload one KYB document for an account or one of its UBOs (multipart: body JSON + file).',
  async handler(ctx) {
    const form = ctx.form;
    if (!form) throw missingPart('body');
    const rawBody = form.get('body');
    if (rawBody === null) throw missingPart('body');
    let parsed: unknown;
    const bodyText = typeof rawBody === 'string' ? rawBody : await rawBody.text();
    if (jsonDepthExceeds(bodyText)) throw depthError();
    try {
      parsed = JSON.parse(bodyText);
    } catch {
      throw new ServiceError(400, 'INVALID_DATA', 'Object contains invalid data', {
        errors: [{ code: 'MALFORMED_BODY', message: "Multipart field 'body' is not valid JSON", field: 'body', params: {} }],
      });
    }
    assertStorable(parsed, 'body');
    const files = form.getAll('file');
    if (files.length === 0) throw missingPart('file');
    if (files.length > 1) {
      throw new ServiceError(400, 'INVALID_DATA', 'Object contains invalid data', {
        errors: [{ code: 'TOO_MANY_FILES', message: 'Exactly one file per request', field: 'file', params: { count: files.length } }],
      });
    }
    const file = files[0];
    if (typeof file === 'string') throw missingPart('file');
    if (file.size === 0) throw new ServiceError(400, 'EMPTY_FILE', 'The uploaded file is empty', { fieldName: 'file' });
    if (file.size > MAX_DOCUMENT_BYTES) {
      throw new ServiceError(400, 'FILE_TOO_LARGE', `The file exceeds ${MAX_DOCUMENT_BYTES} bytes`, {
        fileSizeBytes: file.size,
        maxSizeBytes: MAX_DOCUMENT_BYTES,
      });
    }
    // Only the first bytes decide the type; the digest is computed over the stream (no second copy of the file).
    const detected = sniffFileType(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
    if (!ACCEPTED.has(detected)) {
      throw new ServiceError(400, 'UNSUPPORTED_FILE_TYPE', 'Only PDF, PNG and JPEG files are accepted', { detected });
    }

    const v = new Validator('body');
    const b = v.root(parsed);
    const documentType = v.enum(b, 'documentType', DOCUMENT_TYPES, { required: true });
    const documentSubType = v.enum(b, 'documentSubType', DOCUMENT_SUB_TYPES, { nullable: true });
    const holder = v.object(b, 'holder', { required: true });
    const holderType = v.enum(holder, 'holder.type', HOLDER_TYPES, { required: true });
    const referenceId = v.uuid(holder, 'holder.referenceId', { required: true });
    const metadataRaw = v.object(b, 'metadata', { nullable: true });
    const metadata: Record<string, string> = {};
    for (const [k, val] of Object.entries(metadataRaw ?? {})) {
      if (typeof val !== 'string' || k.length > 50 || val.length > 200) {
        v.add('INVALID_TYPE', `Parameter 'body:metadata.${k.slice(0, 50)}' must be a string`, `metadata.${k.slice(0, 50)}`);
      } else metadata[k] = val;
    }
    if (documentType && SIDED_DOCUMENT_TYPES.includes(documentType) && !documentSubType) {
      v.add('REQUIRED', `Parameter 'body:documentSubType' is required for ${documentType}`, 'documentSubType');
    }
    v.done();

    const customerId = ctx.customer!.id;
    const uboId = holderType === 'UBO' ? referenceId! : null;
    const row = uboId
      ? await loadAccountByUbo(ctx.sql, customerId, uboId, { forUpdate: true })
      : await loadAccount(ctx.sql, customerId, referenceId!, { forUpdate: true });
    if (row.status !== 'ACTION_REQUIRED') {
      throw new ServiceError(422, 'ACCOUNT_NOT_MODIFIABLE', `Account ${row.id} is ${row.status}: documents can no longer be uploaded`, {
        accountId: row.id,
        status: row.status,
      });
    }
    if (!isDue(row.requirements, uboId, documentType!)) {
      throw new ServiceError(422, 'DOCUMENT_NOT_DUE', `No requirement of this ${uboId ? 'UBO' : 'account'} asks for ${documentType}`, {
        documentType,
        holder: { type: holderType, referenceId },
      });
    }
    const documentId = randomUUID();
    const next = withUpload(row.requirements, { uboId, documentType: documentType!, documentSubType: documentSubType ?? null, documentId, metadata });
    if (!next) throw new ServiceError(500, 'INTERNAL_ERROR', 'Internal error', {});
    await ctx.sql.query(
      `INSERT INTO sandbox.documents (id, customer_id, account_id, ubo_id, holder_type, document_type, document_sub_type, file_name, detected_type, size_bytes, sha256, metadata, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        documentId, customerId, row.id, uboId, holderType, documentType, documentSubType ?? null, file.name?.slice(0, 255) ?? null,
        detected, file.size, await sha256Hex(file), JSON.stringify(metadata), ctx.now,
      ],
    );
    row.requirements = next;
    await saveAccount(ctx.sql, row, ctx.now);
    return { status: 204 };
  },
};
