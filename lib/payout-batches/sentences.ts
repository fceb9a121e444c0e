import 'server-only';
import { isDomainError } from '@/lib/errors';
import { MAX_BATCH_FILE_BYTES, MAX_BATCH_ROWS } from '@/lib/domain/payout-batches/limits';
import { BatchError, type BatchErrorCode } from './errors';

/**
 * A batch refusal worded in the request's language (namespace `payoutBatches.errors`, with the limits and the
 * missing columns filled in), so the failure reaches the browser as one sentence; anything else passes unchanged.
 */
export async function inReadersWords(error: unknown): Promise<unknown> {
  // By name and brand, never instanceof (lib/errors: one class per bundle).
  if (!isDomainError(error) || error.name !== 'BatchError') return error;
  const e = error as BatchError;
  try {
    const { getTranslations } = await import('next-intl/server');
    const t = await getTranslations('payoutBatches');
    const key = `errors.${e.code}`;
    if (!t.has(key)) return error;
    const missing = Array.isArray(e.details.missing) ? (e.details.missing as string[]).map((c) => t(`columns.${c}`)).join(', ') : '';
    const sentence = t(key, { rows: MAX_BATCH_ROWS, kib: Math.round(MAX_BATCH_FILE_BYTES / 1024), missing });
    return new BatchError(e.code as BatchErrorCode, sentence, e.details, e.fieldErrors);
  } catch {
    return error;
  }
}
