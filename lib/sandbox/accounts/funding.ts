import { createHash } from 'node:crypto';
import type { Asset } from '@/lib/money/assets';
import type { AccountRow } from './model';

/**
 * Funding instructions per ACTIVE asset, derived deterministically from the account id (same account → same
 * keys and numbers on every call and after a restart):
 * - BRL: PIX_KEY (EVP key), PIX_STATIC_QR_CODE (EMV BR Code of that key) and TED (sandbox bank 000, branch 0001);
 * - USD: WIRE and ACH; EUR: SEPA (valid-checksum IBAN); other fiat: SWIFT;
 * - stablecoins: CRYPTO per network (USDT: TRON + ETHEREUM, USDC: ETHEREUM + SOLANA, EURC/BRLT: ETHEREUM).
 */
export type FundingInstruction = { asset: Asset; rail: string } & Record<string, string>;

export interface KeyedInstruction {
  id: string;
  createdAt: Date;
  instruction: FundingInstruction;
}

function digest(...parts: string[]): Buffer {
  return createHash('sha256').update(parts.join('|')).digest();
}

function uuidFrom(buf: Buffer): string {
  const h = Buffer.from(buf.subarray(0, 16));
  h[6] = (h[6] & 0x0f) | 0x40; // version 4 layout, so it passes uuid validators like a real EVP key
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

function digits(buf: Buffer, n: number): string {
  let s = '';
  for (let i = 0; s.length < n; i++) s += String(buf[i % buf.length] % 10);
  return s;
}

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
function base58(buf: Buffer, n: number): string {
  let s = '';
  for (let i = 0; s.length < n; i++) s += B58[buf[i % buf.length] % 58];
  return s;
}

/** ISO 13616 mod-97 check digits. */
function iban(country: string, bban: string): string {
  const numeric = `${bban}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rem = 0;
  for (const ch of numeric) rem = (rem * 10 + Number(ch)) % 97;
  return `${country}${String(98 - rem).padStart(2, '0')}${bban}`;
}

function mod11Digit(s: string): string {
  let sum = 0;
  for (let i = 0; i < s.length; i++) sum += Number(s[s.length - 1 - i]) * ((i % 8) + 2);
  const r = 11 - (sum % 11);
  return r >= 10 ? '0' : String(r);
}

function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** Static PIX "BR Code" (EMV QR payload, CRC16-CCITT) for a PIX key: what a banking app scans. */
export function pixStaticQrCode(key: string, merchantName: string, city: string): string {
  const ascii = (v: string, max: number) => v.normalize('NFD').replace(/[^\x20-\x7E]/g, '').toUpperCase().slice(0, max) || 'SANDBOX';
  const body =
    tlv('00', '01') +
    tlv('26', tlv('00', 'br.gov.bcb.pix') + tlv('01', key)) +
    tlv('52', '0000') +
    tlv('53', '986') +
    tlv('58', 'BR') +
    tlv('59', ascii(merchantName, 25)) +
    tlv('60', ascii(city, 15)) +
    tlv('62', tlv('05', '***')) +
    '6304';
  return body + crc16(body);
}

const CRYPTO_NETWORKS: Record<string, string[]> = {
  USDT: ['TRON', 'ETHEREUM'],
  USDC: ['ETHEREUM', 'SOLANA'],
  EURC: ['ETHEREUM'],
  BRLT: ['ETHEREUM'],
};

function walletAddress(network: string, seed: Buffer): string {
  if (network === 'TRON') return `T${base58(seed, 33)}`;
  if (network === 'SOLANA') return base58(seed, 44);
  return `0x${seed.toString('hex').slice(0, 40)}`;
}

export function fundingInstructionsFor(account: AccountRow): KeyedInstruction[] {
  const out: KeyedInstruction[] = [];
  const holder = account.owner.legalName;
  account.assets.forEach((a) => {
    if (a.status !== 'ACTIVE') return;
    const createdAt = new Date(a.activatedAt ?? account.updated_at);
    const add = (rail: string, fields: Record<string, string>, variant = '') => {
      // Distinct millisecond offsets keep a stable order inside one activation.
      out.push({
        id: uuidFrom(digest(account.id, a.asset, rail, variant, 'id')),
        createdAt: new Date(createdAt.getTime() + out.length),
        instruction: { asset: a.asset, rail, ...fields },
      });
    };
    const seed = digest(account.id, a.asset);
    if (a.asset === 'BRL') {
      const key = uuidFrom(digest(account.id, 'pix-evp'));
      add('PIX_KEY', { keyType: 'EVP', key });
      add('PIX_STATIC_QR_CODE', { qrCode: pixStaticQrCode(key, holder, account.owner.address.city) });
      const acct = digits(digest(account.id, 'ted'), 8);
      add('TED', { bankCode: '000', bankName: 'Sandbox Bank S.A.', branch: '0001', accountNumber: `${acct}-${mod11Digit(acct)}`, accountType: 'CHECKING', beneficiaryName: holder });
    } else if (a.asset === 'USD') {
      const acct = digits(seed, 12);
      add('WIRE', { bankName: 'Sandbox Bank N.A.', routingNumber: '021000021', accountNumber: acct, beneficiaryName: holder, reference: account.id.slice(0, 8).toUpperCase() });
      add('ACH', { bankName: 'Sandbox Bank N.A.', routingNumber: '021000021', accountNumber: acct, accountType: 'CHECKING', beneficiaryName: holder });
    } else if (a.asset === 'EUR') {
      add('SEPA', { iban: iban('DE', `37040044${digits(seed, 10)}`), bic: 'SBXBDEFFXXX', beneficiaryName: holder });
    } else if (CRYPTO_NETWORKS[a.asset]) {
      for (const network of CRYPTO_NETWORKS[a.asset]) {
        add('CRYPTO', { network, walletAddress: walletAddress(network, digest(account.id, a.asset, network)) }, network);
      }
    } else {
      add('SWIFT', { bankName: 'Sandbox Bank International', bic: 'SBXBGB2LXXX', accountNumber: digits(seed, 10), beneficiaryName: holder, currency: a.asset });
    }
  });
  return out;
}
