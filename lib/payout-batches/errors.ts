import { MAX_BATCH_FILE_BYTES, MAX_BATCH_ROWS } from '@/lib/domain/payout-batches/limits';
import { DomainError, type MessageValues } from '@/lib/errors';

/**
 * Refusals of the batch service: codes of the `errors` catalogue, the values their sentences need. Refusals a payout
 * also has are `BATCH_…` here, so each says "batch".
 */
export type BatchErrorCode =
  | 'FORBIDDEN'
  | 'BATCH_NOT_FOUND'
  | 'BATCH_INVALID_STATUS'
  | 'BATCH_SELF_APPROVAL'
  | 'BATCH_ALREADY_APPROVED'
  | 'BATCH_ROLE_NOT_IN_STEP'
  | 'FILE_EMPTY'
  | 'BATCH_FILE_TOO_LARGE'
  | 'TOO_MANY_ROWS'
  | 'HEADER_MISSING_COLUMNS'
  | 'FILE_UNREADABLE'
  | 'FILE_CHANGED'
  | 'VALIDATION_CHANGED'
  | 'INVALID_ROWS'
  | 'NOTHING_TO_PAY'
  | 'ACCOUNT_NOT_ACTIVE'
  | 'REASON_REQUIRED';

const DENIED: ReadonlySet<string> = new Set(['FORBIDDEN', 'BATCH_SELF_APPROVAL', 'BATCH_ROLE_NOT_IN_STEP']);

function statusOf(code: BatchErrorCode): number {
  if (DENIED.has(code)) return 403;
  if (code === 'BATCH_NOT_FOUND') return 404;
  if (code === 'BATCH_INVALID_STATUS' || code === 'BATCH_ALREADY_APPROVED' || code === 'FILE_CHANGED' || code === 'VALIDATION_CHANGED') return 409;
  if (code === 'BATCH_FILE_TOO_LARGE') return 413;
  return 400;
}

/** What the batch sentences interpolate: the limits and the missing header columns (as the file names them). */
export function batchValues(details: Record<string, unknown>, columnNames: (column: string) => string = (c) => c): MessageValues {
  const missing = Array.isArray(details.missing) ? (details.missing as string[]).map(columnNames).join(', ') : '';
  return { rows: MAX_BATCH_ROWS, kib: Math.round(MAX_BATCH_FILE_BYTES / 1024), missing };
}

export class BatchError extends DomainError {
  declare readonly code: BatchErrorCode;
  constructor(
    code: BatchErrorCode,
    readonly details: Record<string, unknown> = {},
    /** Field path → a code of the `errors` catalogue (or a full catalogue key); worded with the same values. */
    fields: Record<string, string> = {},
    values: MessageValues = batchValues(details),
  ) {
    super(code, { fields: Object.fromEntries(Object.entries(fields).map(([path, c]) => [path, { code: c, values }])), values, httpStatus: statusOf(code) });
    this.name = 'BatchError';
  }
}
