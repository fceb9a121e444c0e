import { createHash } from 'node:crypto';
import type { Asset } from '@/lib/money/assets';
import type { Amount } from '@/lib/money/amount-core';

export const FUNDING_RAILS = ['PIX_KEY', 'PIX_STATIC_QR_CODE', 'TED', 'BOLETO', 'CRYPTO'] as const;
export type FundingRail = (typeof FUNDING_RAILS)[number];

const BRL_RAILS: readonly FundingRail[] = ['PIX_KEY', 'PIX_STATIC_QR_CODE', 'TED', 'BOLETO'];

/**
 * Which inbound rails exist for the asset being paid in (the quote's source asset): Brazilian rails for BRL,
 * on-chain transfers for stablecoins. Other fiat currencies have no deposit rail among the five the API knows.
 */
export function railsFor(asset: Asset): readonly FundingRail[] {
  if (asset === 'BRL') return BRL_RAILS;
  if (asset === 'USDC' || asset === 'USDT' || asset === 'EURC' || asset === 'BRLT') return ['CRYPTO'];
  return [];
}

export function isPixRail(rail: FundingRail): boolean {
  return rail === 'PIX_KEY' || rail === 'PIX_STATIC_QR_CODE';
}

const NETWORK: Partial<Record<Asset, string>> = { USDC: 'ETHEREUM', USDT: 'TRON', EURC: 'ETHEREUM', BRLT: 'POLYGON' };

/** Deterministic bytes from the operation id, so a deposit's instruction reads the same on every GET. */
function seeded(seed: string, label: string): Buffer {
  return createHash('sha256').update(`${label}:${seed}`).digest();
}

function digits(seed: string, label: string, n: number): string {
  const h = seeded(seed, label);
  let out = '';
  for (let i = 0; out.length < n; i++) out += String(h[i % h.length] % 10);
  return out;
}

function uuidV4From(seed: string): string {
  const b = Buffer.from(seeded(seed, 'evp').subarray(0, 16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** CRC16-CCITT (poly 0x1021, init 0xFFFF), the checksum of EMV BR Codes. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function emv(id: string, value: string): string {
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** A static PIX BR Code (EMV MPM) for `key` with the amount and a txid, with a valid CRC. */
export function pixQrCode(key: string, amount: Amount, txid: string): string {
  const account = emv('00', 'br.gov.bcb.pix') + emv('01', key);
  const body =
    emv('00', '01') +
    emv('26', account) +
    emv('52', '0000') +
    emv('53', '986') +
    emv('54', amount.value) +
    emv('58', 'BR') +
    emv('59', 'FX SANDBOX') +
    emv('60', 'SAO PAULO') +
    emv('62', emv('05', txid));
  const withCrcTag = `${body}6304`;
  return withCrcTag + crc16(withCrcTag);
}

function base58(buf: Buffer, n: number): string {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let out = '';
  for (let i = 0; out.length < n; i++) out += alphabet[buf[i % buf.length] % 58];
  return out;
}

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/**
 * The concrete instruction returned in `intent.fundingInstruction`, derived from the operation id (stable)
 * and the amount to pay in (the quote's source amount).
 */
export function fundingInstructionFor(rail: FundingRail, opId: string, payIn: Amount, now: Date): Record<string, unknown> {
  switch (rail) {
    case 'PIX_KEY':
      return { rail, keyType: 'EVP', key: uuidV4From(opId) };
    case 'PIX_STATIC_QR_CODE':
      return { rail, qrCode: pixQrCode(uuidV4From(opId), payIn, opId.replace(/-/g, '').slice(0, 25)) };
    case 'TED': {
      const acct = digits(opId, 'ted', 8);
      return { rail, bankCode: '341', branch: '0001', accountNumber: `${acct.slice(0, 7)}-${acct.slice(7)}`, accountType: 'CHECKING' };
    }
    case 'BOLETO': {
      const d = digits(opId, 'boleto', 47);
      const line = `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d.slice(32, 33)} ${d.slice(33)}`;
      return { rail, barcode: line, dueDate: isoDate(new Date(now.getTime() + 3 * 24 * 3600 * 1000)) };
    }
    case 'CRYPTO': {
      const network = NETWORK[payIn.asset] ?? 'ETHEREUM';
      const h = seeded(opId, 'wallet');
      const walletAddress = network === 'TRON' ? `T${base58(h, 33)}` : `0x${h.subarray(0, 20).toString('hex')}`;
      return { rail, network, walletAddress };
    }
  }
}

/** A PIX end-to-end id: E + ISPB (8) + yyyyMMddHHmm + 11 alphanumerics = 32 characters. */
export function endToEndId(seed: string, now: Date): string {
  const ts = now.toISOString().replace(/[-:T]/g, '').slice(0, 12);
  const tail = seeded(seed, 'e2e').toString('hex').slice(0, 11);
  return `E99999999${ts}${tail}`;
}
