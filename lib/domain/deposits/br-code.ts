/**
 * Reads a PIX BR Code (EMV® QRCPS merchant-presented payload: ID + 2-digit length + value, nested for templates,
 * ending in CRC16-CCITT tag 63). The console shows the PIX key and amount it carries and refuses to present a code
 * whose checksum is wrong (a garbled code would send money nowhere).
 */

export interface BrCode {
  /** The PIX key (merchant account template 26, sub-field 01). */
  key: string | null;
  /** Transaction amount (tag 54) as written, a decimal string; null for an open-amount code. */
  amount: string | null;
  /** ISO 4217 numeric currency (tag 53), "986" for BRL. */
  currency: string | null;
  merchantName: string | null;
  /** Reference label (template 62, sub-field 05). */
  txid: string | null;
  crcValid: boolean;
}

function fields(payload: string): Map<string, string> | null {
  const out = new Map<string, string>();
  let i = 0;
  while (i < payload.length) {
    if (i + 4 > payload.length) return null;
    const id = payload.slice(i, i + 2);
    const len = Number.parseInt(payload.slice(i + 2, i + 4), 10);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(payload.slice(i + 2, i + 4)) || i + 4 + len > payload.length) return null;
    out.set(id, payload.slice(i + 4, i + 4 + len));
    i += 4 + len;
  }
  return out;
}

/** CRC16-CCITT (poly 0x1021, init 0xFFFF) over the UTF-8 bytes, as 4 upper-case hex digits. */
export function crc16Ccitt(payload: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(payload)) {
    crc ^= byte << 8;
    for (let b = 0; b < 8; b++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Parses a BR Code; null when it is not a well-formed EMV payload at all. */
export function parseBrCode(code: string): BrCode | null {
  const top = fields(code.trim());
  if (!top || top.get('00') !== '01') return null;
  const account = fields(top.get('26') ?? '');
  const additional = fields(top.get('62') ?? '');
  const trimmed = code.trim();
  const crc = top.get('63');
  const crcValid = !!crc && trimmed.endsWith(`6304${crc}`) && crc16Ccitt(trimmed.slice(0, -4)) === crc.toUpperCase();
  return {
    key: account?.get('01') ?? null,
    amount: top.get('54') ?? null,
    currency: top.get('53') ?? null,
    merchantName: top.get('59') ?? null,
    txid: additional?.get('05') ?? null,
    crcValid,
  };
}
