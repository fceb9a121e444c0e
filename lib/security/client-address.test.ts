import { describe, expect, it } from 'vitest';
import { PEER_ADDRESS_HEADER, normalizeAddress, peerAddressFrom, peerHeaderValue, resolveClientAddress, tagPeerAddress, trustedProxyHops } from './client-address';

/** Headers as the app sees them: the peer tag written by the diagnostics hook plus whatever the client sent. */
function seen(socket: string, clientHeaders: Record<string, string> = {}): Headers {
  const raw: Record<string, unknown> = { ...clientHeaders };
  tagPeerAddress({ headers: raw }, socket);
  return new Headers(raw as Record<string, string>);
}

describe('client address', () => {
  it('with no trusted proxy (the default) is the socket, whatever X-Forwarded-For says', () => {
    const headers = seen('::ffff:198.51.100.7', { 'x-forwarded-for': '203.0.113.1, 203.0.113.2' });
    expect(resolveClientAddress(headers, 0)).toBe('198.51.100.7');
    // Rotating the header changes nothing.
    for (const xff of ['10.0.0.1', '10.0.0.2', '1.2.3.4, 5.6.7.8']) {
      expect(resolveClientAddress(seen('198.51.100.7', { 'x-forwarded-for': xff }), 0)).toBe('198.51.100.7');
    }
  });

  it('ignores a peer header the client forged; the hook overwrites it', () => {
    const forged = new Headers({ [PEER_ADDRESS_HEADER]: 'guess 10.9.9.9', 'x-forwarded-for': '10.9.9.9' });
    expect(resolveClientAddress(forged, 0)).toBeNull();
    expect(peerAddressFrom(`${peerHeaderValue('10.0.0.1').split(' ')[0]}x 10.9.9.9`)).toBeNull();
    const overwritten = seen('192.0.2.44', { [PEER_ADDRESS_HEADER]: 'guess 10.9.9.9' });
    expect(resolveClientAddress(overwritten, 0)).toBe('192.0.2.44');
  });

  it('behind n trusted proxies is the n-th X-Forwarded-For entry from the right; entries the client wrote are never read', () => {
    // client → proxy A (appends the client) → proxy B (appends A) → console (socket = B)
    const headers = seen('10.0.0.2', { 'x-forwarded-for': '6.6.6.6, 198.51.100.7, 10.0.0.1' });
    expect(resolveClientAddress(headers, 1)).toBe('10.0.0.1');
    expect(resolveClientAddress(headers, 2)).toBe('198.51.100.7');
    // Fewer entries than hops: the leftmost (the request skipped a proxy).
    expect(resolveClientAddress(seen('10.0.0.2', { 'x-forwarded-for': '198.51.100.7' }), 3)).toBe('198.51.100.7');
    // No header at all: the socket.
    expect(resolveClientAddress(seen('10.0.0.2'), 1)).toBe('10.0.0.2');
    // A plain object (next-auth hands authorize() its headers that way).
    expect(resolveClientAddress({ 'x-forwarded-for': '198.51.100.9, 10.0.0.1' }, 2)).toBe('198.51.100.9');
  });

  it('normalises addresses and rejects junk', () => {
    expect(normalizeAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normalizeAddress('[2001:DB8::1]')).toBe('2001:db8::1');
    expect(normalizeAddress('fe80::1%eth0')).toBe('fe80::1');
    expect(normalizeAddress('203.0.113.5:443')).toBe('203.0.113.5');
    expect(normalizeAddress('<script>')).toBeNull();
    expect(normalizeAddress('')).toBeNull();
  });

  it('TRUSTED_PROXY_HOPS: 0 unless a whole number 0-10', () => {
    expect(trustedProxyHops(undefined)).toBe(0);
    expect(trustedProxyHops('2')).toBe(2);
    expect(trustedProxyHops('-1')).toBe(0);
    expect(trustedProxyHops('yes')).toBe(0);
    expect(trustedProxyHops('11')).toBe(0);
  });
});
