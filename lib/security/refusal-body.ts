import english from '@/messages/en/errors.json';

export type RefusalCode = 'PAYLOAD_TOO_LARGE' | 'MALFORMED_REQUEST' | 'INVALID_ENCODING' | 'FORBIDDEN_ORIGIN';

/**
 * A refusal made before any page, session or locale exists (the proxy, next-auth's body): the contract's
 * `{code, message, details}`, the message from the English `errors` catalogue, as the service answers API clients.
 */
export function refusalBody(code: RefusalCode, details: Record<string, unknown> = {}): { code: RefusalCode; message: string; details: Record<string, unknown> } {
  return { code, message: english[code], details };
}
