// Server-action requests Next would answer with a 500, refused in the proxy with the right status and no stack.
//
// What Next 16.4 itself decides (node_modules/next/dist/server/app-render/action-handler.js): a fetch action whose
// body cannot be decoded (`garbage{`) or that exceeds `serverActions.bodySizeLimit` (1 MB by default, an ApiError
// with statusCode 413) ends in the handler's generic catch, which sets `res.statusCode = 500` and sends the error
// to the client in the Flight stream (its own TODO: "consider checking if the error is an ApiError and change status
// code so that we can respond with a 413"); a non-fetch (form) action rethrows into the 500 error page. The proxy
// runs first and may read the request body (Next buffers up to `proxyClientMaxBodySize`, 10 MB, for it), so it
// checks size and shape here.

import { readCappedBody } from './capped-body';
import type { RefusalCode } from './refusal-body';
import { decodeUtf8Strict, invalidUtf8Field, isUtf8UrlComponent, replacementPath } from '../validation/utf8';

/** Next's default `serverActions.bodySizeLimit` ('1mb' = 1,048,576 bytes); next.config.mjs does not change it. */
export const ACTION_BODY_LIMIT = 1024 * 1024;

export type ActionVerdict = { ok: true } | { ok: false; status: 400 | 413; code: RefusalCode; field?: string };

const OK: ActionVerdict = { ok: true };

function isActionCandidate(method: string, pathname: string, headers: Headers): boolean {
  if (method !== 'POST') return false;
  // Route handlers parse their own bodies; the sandbox has its own limits.
  if (pathname === '/api' || pathname.startsWith('/api/') || pathname === '/sandbox' || pathname.startsWith('/sandbox/')) {
    return false;
  }
  const type = (headers.get('content-type') ?? '').toLowerCase();
  return headers.has('next-action') || type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded');
}

const tooLarge = (): ActionVerdict => ({
  ok: false,
  status: 413,
  code: 'PAYLOAD_TOO_LARGE',
});
const malformed = (): ActionVerdict => ({ ok: false, status: 400, code: 'MALFORMED_REQUEST' });
/** Bytes that are not UTF-8: Next would decode them leniently and the action would store U+FFFD. */
const notUtf8 = (field: string | null): ActionVerdict => ({
  ok: false,
  status: 400,
  code: 'INVALID_ENCODING',
  ...(field ? { field: field.slice(0, 100) } : {}),
});

/** A form's fields as the browser sent them: percent-encoded (urlencoded) or as parts (multipart). */
async function checkFormEncoding(bytes: Uint8Array, type: string): Promise<ActionVerdict | null> {
  if (type.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    const text = decodeUtf8Strict(bytes);
    if (text === null) return notUtf8(null);
    for (const pair of text.split('&')) {
      const [name, value = ''] = pair.split('=');
      if (!isUtf8UrlComponent(name)) return notUtf8(null);
      if (!isUtf8UrlComponent(value)) return notUtf8(decodeURIComponent(name.replace(/\+/g, ' ')));
    }
    return null;
  }
  let form: FormData;
  try {
    form = await new Response(bytes as BodyInit, { headers: { 'content-type': type } }).formData();
  } catch {
    return malformed();
  }
  // The multipart parser decodes text parts leniently: U+FFFD in one is where its bytes were not UTF-8.
  for (const [name, value] of form.entries()) {
    if (name.includes('\uFFFD')) return notUtf8(null);
    if (typeof value !== 'string' || !value.includes('\uFFFD')) continue;
    let inner: string | null = null;
    try {
      inner = replacementPath(JSON.parse(value));
    } catch {
      // a plain field
    }
    return notUtf8(inner ? `${name}.${inner}` : name);
  }
  return null;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * 413 for a server-action body over the limit, 400 for one React cannot decode: a fetch action's text body must be
 * JSON (what `encodeReply` sends for simple arguments); a multipart body must parse, and its numbered rows (React's
 * reply rows "0", "1", …) must be JSON. Anything else goes on to Next.
 */
export async function checkActionRequest(request: Request, pathname: string): Promise<ActionVerdict> {
  const method = request.method.toUpperCase();
  if (!isActionCandidate(method, pathname, request.headers)) return OK;
  const declared = Number(request.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > ACTION_BODY_LIMIT) return tooLarge();
  // A clone: Next reads the body itself afterwards.
  const bytes = await readCappedBody(request.clone().body, ACTION_BODY_LIMIT);
  if (!bytes) return tooLarge();
  const type = request.headers.get('content-type') ?? '';
  const lower = type.toLowerCase();
  if (lower.startsWith('multipart/form-data') || lower.startsWith('application/x-www-form-urlencoded')) {
    const encoding = await checkFormEncoding(bytes, type);
    if (encoding) return encoding;
  }
  if (!request.headers.has('next-action')) return OK;
  if (lower.startsWith('multipart/form-data')) {
    let form: FormData;
    try {
      form = await new Response(bytes as BodyInit, { headers: { 'content-type': type } }).formData();
    } catch {
      return malformed();
    }
    for (const [name, value] of form.entries()) {
      if (/^\d+$/.test(name) && typeof value === 'string' && !isJson(value)) return malformed();
    }
    return OK;
  }
  const text = decodeUtf8Strict(bytes);
  if (text === null) return notUtf8(invalidUtf8Field(bytes));
  return isJson(text) ? OK : malformed();
}
