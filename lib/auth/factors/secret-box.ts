// Authenticator-app secrets are needed in clear to check a code, so they are encrypted rather than hashed: AES-256-GCM
// under a key derived from NEXTAUTH_SECRET. A copy of the database alone does not give anyone the codes.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

function keyFrom(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'console.totp', 'totp-secret-encryption', 32));
}

export function sealSecret(plain: string, serverSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(serverSecret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

export function openSecret(sealed: string, serverSecret: string): string {
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== VERSION || !iv || !body || !tag) throw new Error('sealed secret: unknown format');
  const decipher = createDecipheriv('aes-256-gcm', keyFrom(serverSecret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/**
 * The demo users' authenticator-app secret: derived from this installation's NEXTAUTH_SECRET and the e-mail, so
 * `npm run demo:totp` (and the e2e helpers) can print the current code without opening the database, and nobody
 * without the server's secret can. Seeded only with the embedded sandbox on (lib/team/seed-demo-users.ts).
 */
export function demoTotpSecret(serverSecret: string, email: string): string {
  return base32(createHmac('sha256', serverSecret).update(`demo-totp:${email.toLowerCase()}`).digest().subarray(0, 20));
}
