import 'server-only';

export type RequestHandler = (request: Request) => Promise<Response>;

/**
 * A `fetch` that hands the request to a handler in this process instead of the network: the embedded sandbox
 * lives in the console's own server, so a loopback HTTP hop through Next's router would only add latency.
 * The handler sees exactly the Request a real fetch would send; an abort (time-out) rejects like fetch does.
 */
export function inProcessFetch(getHandler: () => Promise<RequestHandler>): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const signal = init?.signal ?? undefined;
    if (signal?.aborted) throw signal.reason;
    const handler = await getHandler();
    if (!signal) return handler(request);
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      handler(request).then(
        (response) => {
          signal.removeEventListener('abort', onAbort);
          resolve(response);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  };
}
