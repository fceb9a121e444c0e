// Pure: may this console ask the service to deliver its events here?

/**
 * A real service (SANDBOX=off) delivers webhooks only to https, so a plain-http PUBLIC_URL would give a
 * subscription that never delivers: refused with `RECEIVER_NOT_HTTPS`. The embedded sandbox delivers to the
 * console's own address over http. Null when allowed.
 */
export function receiverUrlProblem(opts: { sandbox: 'on' | 'off'; receiverUrl: string }): 'RECEIVER_NOT_HTTPS' | null {
  if (opts.sandbox === 'on') return null;
  try {
    return new URL(opts.receiverUrl).protocol === 'https:' ? null : 'RECEIVER_NOT_HTTPS';
  } catch {
    return 'RECEIVER_NOT_HTTPS';
  }
}
