import 'server-only';
import { isDomainError } from '@/lib/errors';
import { BatchError, batchValues, type BatchErrorCode } from './errors';

/**
 * A batch refusal whose missing header columns are named in the request's language (namespace
 * `payoutBatches.columns`); the sentence itself is the `errors` catalogue's. Anything else passes unchanged.
 */
export async function inReadersWords(error: unknown): Promise<unknown> {
  // By name and brand, never instanceof (lib/errors: one class per bundle).
  if (!isDomainError(error) || error.name !== 'BatchError') return error;
  const e = error as BatchError;
  if (!Array.isArray(e.details.missing)) return error;
  try {
    const { getTranslations } = await import('next-intl/server');
    const t = await getTranslations('payoutBatches');
    const fields = Object.fromEntries(Object.entries(e.fields).map(([path, p]) => [path, p.code]));
    return new BatchError(e.code as BatchErrorCode, e.details, fields, batchValues(e.details, (c) => t(`columns.${c}`)));
  } catch {
    return error;
  }
}
