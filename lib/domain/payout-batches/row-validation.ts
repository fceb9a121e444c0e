// Pure: what each row of a batch means (beneficiary, key, exact amount) or why it cannot be paid, the totals of
// the rows that can, and a digest that fixes the file's rows between preview and submit.
import { createHash } from 'node:crypto';
import { payoutBlock, type KeyReviewRecord } from '@/lib/domain/beneficiaries/key-review';
import { valueInReference, type QuoteForValuation } from '@/lib/domain/payouts/approval-policy';
import type { AppLocale } from '@/lib/i18n/config';
import { decimalsOf, isAsset, type Asset } from '@/lib/money/assets';
import { Dec } from '@/lib/money/decimal';
import { readTyped } from '@/lib/money/input';
import { LOCALES } from '@/lib/i18n/config';
import type { RawBatchRow } from './csv-file';

export const BATCH_MEMO_MAX = 140;

/** Why a row cannot be paid; each is a code of the `errors` catalogue. */
export type RowErrorCode =
  | 'MISSING_VALUE'
  | 'FORMULA_CELL'
  | 'CELL_TOO_LONG'
  | 'UNKNOWN_ASSET'
  | 'BAD_AMOUNT'
  | 'AMOUNT_SCALE'
  | 'AMOUNT_NOT_POSITIVE'
  | 'UNKNOWN_BENEFICIARY'
  | 'UNKNOWN_KEY'
  | 'KEY_NOT_APPROVED'
  | 'KEY_NOT_REVIEWED'
  | 'KEY_REJECTED'
  | 'ASSET_MISMATCH'
  | 'MEMO_TOO_LONG'
  | 'DUPLICATE_ROW';

/** A saved beneficiary's key as the console knows it: the service's status and the team's own review. */
export interface KnownKey {
  instructionId: string;
  asset: string;
  dictKey: string;
  dictKeyType: string;
  serviceStatus: string;
  review: KeyReviewRecord | null;
}
export interface KnownBeneficiary {
  id: string;
  name: string;
  taxId: string;
  keys: KnownKey[];
}

export interface ValidRow {
  line: number;
  beneficiaryId: string;
  beneficiaryName: string;
  instructionId: string;
  taxId: string;
  key: string;
  amount: string;
  asset: Asset;
  memo: string;
}
type RowCheck = { line: number; ok: true; row: ValidRow } | { line: number; ok: false; code: RowErrorCode; duplicateOf?: number };
export type CheckedRow = RowCheck & { raw: RawBatchRow };

/** Tax ids compare by their digits (`123.456.789-09` = `12345678909`), keys as PIX compares them. */
export function normaliseTaxId(text: string): string {
  return text.replace(/\D/g, '');
}
export function normaliseKey(text: string): string {
  const t = text.trim();
  return t.includes('@') ? t.toLowerCase() : /^[\d.\-/() +]+$/.test(t) && !t.startsWith('+') ? t.replace(/\D/g, '') : t.toLowerCase();
}

/**
 * The exact decimal string of an amount cell, read with the money field's own reader (`readTyped`): first in
 * the notation of the file's header language, then in the other one only where the first is not an amount —
 * so `1.234,56` and `1,234.56` are both 1234.56, and an ambiguous `1.234` means what the file's language means.
 * Never rounded: more decimals than the asset has (in the file's notation) is AMOUNT_SCALE.
 */
export function readBatchAmount(text: string, asset: Asset, fileLocale: AppLocale): { ok: true; value: string } | { ok: false; code: 'BAD_AMOUNT' | 'AMOUNT_SCALE' } {
  const s = text.replace(/[\s\u00a0\u202f]/g, '');
  const order = [fileLocale, ...LOCALES.filter((l) => l !== fileLocale)];
  for (const locale of order) {
    const reading = readTyped(s, asset, locale);
    if (reading.kind === 'ok') return { ok: true, value: reading.value };
    // `10,001` in a pt-BR file is ten with three decimals, not ten thousand and one: a reading the file's own
    // notation accepts up to the scale is never handed to the other notation (a 1,000× error).
    if (reading.kind === 'problem' && reading.problem === 'TOO_MANY_DECIMALS') return { ok: false, code: 'AMOUNT_SCALE' };
  }
  return { ok: false, code: 'BAD_AMOUNT' };
}

function checkRow(raw: RawBatchRow, fileLocale: AppLocale, byTaxId: ReadonlyMap<string, KnownBeneficiary[]>): RowCheck {
  const line = raw.line;
  if (raw.formulaCells.length) return { line, ok: false, code: 'FORMULA_CELL' };
  if (raw.longCells.length) return { line, ok: false, code: 'CELL_TOO_LONG' };
  if (!raw.taxId || !raw.key || !raw.amount || !raw.asset) return { line, ok: false, code: 'MISSING_VALUE' };
  const asset = raw.asset.toUpperCase();
  if (!isAsset(asset)) return { line, ok: false, code: 'UNKNOWN_ASSET' };
  const amount = readBatchAmount(raw.amount, asset, fileLocale);
  if (!amount.ok) return { line, ok: false, code: amount.code };
  if (!new Dec(amount.value).gt(0)) return { line, ok: false, code: 'AMOUNT_NOT_POSITIVE' };
  if (raw.memo.length > BATCH_MEMO_MAX) return { line, ok: false, code: 'MEMO_TOO_LONG' };
  const candidates = byTaxId.get(normaliseTaxId(raw.taxId)) ?? [];
  if (candidates.length === 0) return { line, ok: false, code: 'UNKNOWN_BENEFICIARY' };
  const wanted = normaliseKey(raw.key);
  let found: { b: KnownBeneficiary; k: KnownKey } | null = null;
  for (const b of candidates) {
    const k = b.keys.find((key) => normaliseKey(key.dictKey) === wanted);
    if (k) {
      found = { b, k };
      break;
    }
  }
  if (!found) return { line, ok: false, code: 'UNKNOWN_KEY' };
  const block = payoutBlock(found.k.serviceStatus, found.k.review);
  if (block === 'SERVICE_STATUS') return { line, ok: false, code: 'KEY_NOT_APPROVED' };
  if (block === 'REJECTED') return { line, ok: false, code: 'KEY_REJECTED' };
  if (block === 'AWAITING_REVIEW') return { line, ok: false, code: 'KEY_NOT_REVIEWED' };
  // The row's amount is what the key receives, in the key's own asset (a batch converts nothing).
  if (found.k.asset !== asset) return { line, ok: false, code: 'ASSET_MISMATCH' };
  return {
    line,
    ok: true,
    row: {
      line,
      beneficiaryId: found.b.id,
      beneficiaryName: found.b.name,
      instructionId: found.k.instructionId,
      taxId: normaliseTaxId(raw.taxId),
      key: found.k.dictKey,
      amount: new Dec(amount.value).toFixed(decimalsOf(asset)),
      asset,
      memo: raw.memo,
    },
  };
}

/**
 * Every row checked. A row paying the same key the same amount in the same asset as an earlier valid row is a
 * DUPLICATE_ROW of it (the first stays valid): a file that pays one person twice is far more often a copy-paste
 * than an intent, and whoever means it can put the two payments in two files.
 */
export function validateBatchRows(rows: readonly RawBatchRow[], fileLocale: AppLocale, beneficiaries: readonly KnownBeneficiary[]): CheckedRow[] {
  const byTaxId = new Map<string, KnownBeneficiary[]>();
  for (const b of beneficiaries) {
    const id = normaliseTaxId(b.taxId);
    if (!id) continue;
    byTaxId.set(id, [...(byTaxId.get(id) ?? []), b]);
  }
  const seen = new Map<string, number>();
  return rows.map((raw) => {
    const checked = checkRow(raw, fileLocale, byTaxId);
    if (!checked.ok) return { ...checked, raw };
    const row = checked.row;
    const identity = `${row.instructionId}|${row.asset}|${row.amount}`;
    const first = seen.get(identity);
    if (first !== undefined) return { line: raw.line, ok: false, code: 'DUPLICATE_ROW', duplicateOf: first, raw };
    seen.set(identity, raw.line);
    return { line: raw.line, ok: true, row, raw };
  });
}

export type AssetTotals = Record<string, string>;

/** Sum per asset of the valid rows, each at its asset's scale. */
export function totalsByAsset(rows: readonly ValidRow[]): AssetTotals {
  const sums = new Map<Asset, InstanceType<typeof Dec>>();
  for (const r of rows) sums.set(r.asset, (sums.get(r.asset) ?? new Dec(0)).plus(r.amount));
  return Object.fromEntries([...sums.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([asset, sum]) => [asset, sum.toFixed(decimalsOf(asset))]));
}

/**
 * Each asset's total valued in the reference currency, as one payout's is valued (lib/domain/payouts/approval-policy.ts
 * `valueInReference`: the mid rate, rounded up) with a quote from that asset to the reference. Kept per asset so the
 * part of a batch that is paid (rows failed or cancelled are not) can be valued at the same rate afterwards. Null
 * when an asset other than the reference has no quote to value it.
 */
export function referenceValues(totals: AssetTotals, reference: Asset, quotes: Readonly<Record<string, QuoteForValuation | null>>): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const [asset, value] of Object.entries(totals)) {
    const v = valueInReference({ value, asset }, reference, asset === reference ? null : (quotes[asset] ?? null));
    if (!v) return null;
    out[asset] = v.referenceAmount;
  }
  return out;
}

/** The batch's value in the reference currency: its assets' values (`referenceValues`) summed. */
export function referenceTotal(totals: AssetTotals, reference: Asset, quotes: Readonly<Record<string, QuoteForValuation | null>>): string | null {
  const values = referenceValues(totals, reference, quotes);
  if (!values) return null;
  return Object.values(values)
    .reduce((sum, v) => sum.plus(v), new Dec(0))
    .toFixed(decimalsOf(reference));
}

/**
 * SHA-256 (base64url) of the file's rows as read (line, tax id, key, amount text, asset, memo), in order: the
 * preview shows it with the row count, and the submit is refused when the file sent then reads otherwise.
 */
export function rowsDigest(rows: readonly Pick<RawBatchRow, 'line' | 'taxId' | 'key' | 'amount' | 'asset' | 'memo'>[]): string {
  const h = createHash('sha256');
  for (const r of rows) h.update(JSON.stringify([r.line, r.taxId, r.key, r.amount, r.asset, r.memo])).update('\n');
  return h.digest('base64url');
}

/** SHA-256 of the rows that will be paid (canonical values): what the approver signs. */
export function payableDigest(rows: readonly Pick<ValidRow, 'line' | 'instructionId' | 'amount' | 'asset'>[]): string {
  const h = createHash('sha256');
  for (const r of rows) h.update(`${r.line}|${r.instructionId}|${r.amount}|${r.asset}\n`);
  return h.digest('base64url');
}
