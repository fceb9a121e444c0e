// Pure: which request id a request carries. No imports, so the HTTP hook, the proxy and tests share it.

/** A request id we accept from elsewhere: short, printable, no spaces or quotes (it lands in logs and headers). */
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;

export function isSafeRequestId(value: string | null | undefined): value is string {
  return typeof value === 'string' && SAFE_ID.test(value);
}

/**
 * The id of an incoming request: the one a trusted reverse proxy in front of the console set (`hops > 0`, the same
 * trust `TRUSTED_PROXY_HOPS` gives its `X-Forwarded-For`), when well formed; otherwise a fresh one. With no proxy
 * trusted, whatever a client wrote is ignored, so nobody can make two requests share an id in the logs.
 */
export function chooseRequestId(incoming: string | string[] | null | undefined, hops: number, fresh: () => string): string {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  if (hops > 0 && isSafeRequestId(value)) return value;
  return fresh();
}
