// next-auth 4's route handler reads a JSON body with `await req.json()` and no catch (next-auth/next/utils.js
// getBody): malformed JSON, or JSON that is not an object, becomes a 500 with an empty body. Checked first here.

import { decodeUtf8Strict, invalidUtf8Field } from '../validation/utf8';
import { refusalBody } from './refusal-body';

export const MAX_AUTH_BODY_BYTES = 64 * 1024;

/** Null when next-auth may read the body; otherwise the 400/413 to answer instead. */
export async function checkAuthBody(request: Request): Promise<Response | null> {
  if (request.method.toUpperCase() !== 'POST') return null;
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  const declared = Number(request.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > MAX_AUTH_BODY_BYTES) {
    return Response.json(refusalBody('PAYLOAD_TOO_LARGE', { maxSizeBytes: MAX_AUTH_BODY_BYTES }), { status: 413 });
  }
  if (!type.includes('application/json')) return null;
  const bytes = new Uint8Array(await request.clone().arrayBuffer());
  if (bytes.byteLength > MAX_AUTH_BODY_BYTES) {
    return Response.json(refusalBody('PAYLOAD_TOO_LARGE', { maxSizeBytes: MAX_AUTH_BODY_BYTES }), { status: 413 });
  }
  const text = decodeUtf8Strict(bytes);
  if (text === null) {
    const field = invalidUtf8Field(bytes);
    return Response.json(
      refusalBody('INVALID_ENCODING', field ? { field: field.slice(0, 100) } : {}),
      { status: 400 },
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return Response.json(refusalBody('MALFORMED_REQUEST'), { status: 400 });
  }
  return null;
}
