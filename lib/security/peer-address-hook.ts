import diagnostics from 'node:diagnostics_channel';
import { tagPeerAddress } from './client-address';

const globalForHook = globalThis as unknown as { __consolePeerHook?: boolean };

type RequestStart = { request: { headers: Record<string, unknown> }; socket: { remoteAddress?: string } };

/**
 * Node publishes `http.server.request.start` for every request its HTTP server parses, before the server's own
 * 'request' listeners run (so before Next copies the headers anywhere). `next start` gives application code no other
 * way to the socket: the proxy, route handlers and actions only see headers, and Next fills `X-Forwarded-For` from
 * the socket only when the client did not send one. Requests parsed before this runs (the first instant of start-up)
 * carry no tag and count as "unknown".
 */
export function installPeerAddressHook(): void {
  if (globalForHook.__consolePeerHook) return;
  globalForHook.__consolePeerHook = true;
  diagnostics.subscribe('http.server.request.start', (message) => {
    const { request, socket } = message as RequestStart;
    tagPeerAddress(request, socket?.remoteAddress);
  });
}
