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

/** The multipart body: a JSON `body` part and one `file` part (contract: Documents). */
export function documentFormData(input: UploadDocumentInput): FormData {
  const { file, fileName, ...rest } = input;
  const body = {
    documentType: rest.documentType,
    ...(rest.documentSubType ? { documentSubType: rest.documentSubType } : {}),
    holder: rest.holder,
    ...(rest.metadata ? { metadata: rest.metadata } : {}),
  };
  const form = new FormData();
  form.set('body', new Blob([JSON.stringify(body)], { type: 'application/json' }));
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
