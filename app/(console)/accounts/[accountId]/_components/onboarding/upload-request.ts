// Browser side of POST /api/uploads/{accountId}: XMLHttpRequest, because fetch reports no upload progress.

export interface UploadMetaBody {
  documentType: string;
  documentSubType?: string;
  holder: { type: 'ACCOUNT' | 'UBO'; referenceId: string };
  metadata?: Record<string, string>;
}

export type UploadResult =
  | { ok: true; sha256: string; size: number }
  | { ok: false; code: string; message: string | null; values?: Record<string, string | number>; requestId: string | null; status: number };

export interface UploadHandle {
  done: Promise<UploadResult>;
  abort: () => void;
}

/**
 * Sends one file. `key` is the idempotency key of this upload intent: the same on a retry, so a retry after a
 * lost answer is one document at the service. `onProgress` gets the request bytes sent so far and their total.
 */
export function startUpload(input: {
  accountId: string;
  key: string;
  meta: UploadMetaBody;
  file: File;
  onProgress: (sent: number, total: number) => void;
}): UploadHandle {
  const xhr = new XMLHttpRequest();
  const form = new FormData();
  // The meta part first: the server decides before the file's bytes arrive.
  form.append('meta', JSON.stringify(input.meta));
  form.append('file', input.file, input.file.name);
  const done = new Promise<UploadResult>((resolve) => {
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable) input.onProgress(e.loaded, e.total);
    });
    xhr.addEventListener('load', () => {
      let body: { ok?: boolean; code?: string; message?: string; values?: Record<string, string | number>; requestId?: string | null; sha256?: string; size?: number } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        body = {};
      }
      if (xhr.status >= 200 && xhr.status < 300 && body.ok) {
        resolve({ ok: true, sha256: body.sha256 ?? '', size: body.size ?? input.file.size });
      } else {
        resolve({ ok: false, code: body.code ?? `HTTP_${xhr.status}`, message: body.message ?? null, values: body.values, requestId: body.requestId ?? null, status: xhr.status });
      }
    });
    xhr.addEventListener('error', () => resolve({ ok: false, code: 'UPLOAD_INTERRUPTED', message: null, requestId: null, status: 0 }));
    xhr.addEventListener('abort', () => resolve({ ok: false, code: 'ABORTED', message: null, requestId: null, status: 0 }));
  });
  xhr.open('POST', `/api/uploads/${encodeURIComponent(input.accountId)}`);
  xhr.setRequestHeader('X-Idempotency-Key', input.key);
  xhr.setRequestHeader('Accept', 'application/json');
  xhr.send(form);
  return { done, abort: () => xhr.abort() };
}
