// Pure, client-safe: what the preview of a batch file shows (made by lib/payout-batches/service.ts).
import type { BatchFileEncoding } from './csv-file';
import type { AppLocale } from '@/lib/i18n/config';
import type { RowErrorCode } from './row-validation';

/** One row as the preview shows it: what the file said, and what it pays or why it cannot. */
export interface PreviewRow {
  line: number;
  taxId: string;
  key: string;
  amountText: string;
  asset: string;
  memo: string;
  ok: boolean;
  code: RowErrorCode | null;
  duplicateOf: number | null;
  beneficiaryName: string | null;
  amount: string | null;
}
export interface BatchPreview {
  fileRowCount: number;
  fileDigest: string;
  encoding: BatchFileEncoding;
  headerLocale: AppLocale;
  rows: PreviewRow[];
  invalidLines: number[];
  payableCount: number;
  totals: Record<string, string>;
  referenceCurrency: string;
  referenceTotal: string | null;
  sourceAccountName: string;
}

