// The client's address for lockout, rate limits and audit. Pure apart from one process-wide secret; no Next imports,
// so the proxy, route handlers, actions, next-auth's authorize() and instrumentation.ts can all use it.
import { randomBytes } from 'node:crypto';

/**
 * Set on every incoming request by `tagPeerAddress` (instrumentation.ts, through Node's `http.server.request.start`
 * diagnostics channel, before Next sees the request): `<process secret> <socket address>`. A client may send a header
 * of that name, but cannot know the secret, so a forged value is ignored; the real one overwrites it anyway.
 */
export const PEER_ADDRESS_HEADER = 'x-console-peer-address';

const globalForPeer = globalThis as unknown as { __consolePeerSecret?: string };

/** One random tag per process, shared by every bundle through globalThis (Next bundles modules per route graph). */
function peerSecret(): string {
  return (globalForPeer.__consolePeerSecret ??= randomBytes(18).toString('base64url'));
}

/** `::ffff:127.0.0.1` → `127.0.0.1`; brackets and zone ids dropped; at most 64 characters. */
export function normalizeAddress(raw: string | null | undefined): string | null {
  let a = (raw ?? '').trim();
  if (!a) return null;
  if (a.startsWith('[')) a = a.slice(1, a.indexOf(']') > 0 ? a.indexOf(']') : undefined);
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(a);
  if (mapped) a = mapped[1]!;
  // An IPv4 address with a port (`1.2.3.4:5678`, as some proxies write it).
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(a);
  if (withPort) a = withPort[1]!;
  a = a.replace(/%.*$/, '').toLowerCase();
  if (!/^[0-9a-f.:]+$/.test(a)) return null;
  return a.slice(0, 64);
}

/** The value the diagnostics hook writes for a socket address. */
export function peerHeaderValue(socketAddress: string | null | undefined): string {
  return `${peerSecret()} ${normalizeAddress(socketAddress) ?? 'unknown'}`;
}

/** Writes the peer header onto a Node IncomingMessage's headers, replacing whatever the client sent. */
export function tagPeerAddress(request: { headers: Record<string, unknown> }, socketAddress: string | null | undefined): void {
  request.headers[PEER_ADDRESS_HEADER] = peerHeaderValue(socketAddress);
}

/** The socket address from a tagged header, or null when the header is missing or forged. */
export function peerAddressFrom(headerValue: string | null | undefined): string | null {
  if (!headerValue) return null;
  const space = headerValue.indexOf(' ');
  if (space < 0 || headerValue.slice(0, space) !== peerSecret()) return null;
  const address = headerValue.slice(space + 1);
  return address === 'unknown' ? null : normalizeAddress(address);
}

/** `TRUSTED_PROXY_HOPS`: an integer 0-10; anything else is 0 (trust nothing but the socket). */
export function trustedProxyHops(raw: string | undefined = process.env.TRUSTED_PROXY_HOPS): number {
  const n = Number((raw ?? '').trim() || '0');
  return Number.isInteger(n) && n >= 0 && n <= 10 ? n : 0;
}

type HeaderSource = { get(name: string): string | null } | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | null {
  if (typeof (headers as { get?: unknown }).get === 'function') return (headers as { get(n: string): string | null }).get(name);
  const value = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? value.join(',') : (value ?? null);
}

/**
 * The client's address:
 * - `hops = 0` (the default): the TCP peer, i.e. whoever opened the connection. `X-Forwarded-For` is ignored, since
 *   any client can write it (`next start` keeps a client's header as it came).
 * - `hops = n`: the console sits behind n proxies that each append the address they received the request from, so
 *   the n-th entry from the right of `X-Forwarded-For` is the client; entries further left were written by the client
 *   and are never read. With fewer entries than hops (a request that bypassed a proxy), the leftmost entry is used,
 *   or the socket when there is none.
 * Null when nothing usable is known (then callers count under one shared "unknown" key).
 */
export function resolveClientAddress(headers: HeaderSource, hops: number = trustedProxyHops()): string | null {
  const peer = peerAddressFrom(header(headers, PEER_ADDRESS_HEADER));
  if (hops <= 0) return peer;
  const chain = (header(headers, 'x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (chain.length === 0) return peer;
  const index = Math.max(0, chain.length - hops);
  return normalizeAddress(chain[index]) ?? peer;
}
