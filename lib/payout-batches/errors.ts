import { DomainError } from '@/lib/errors';

/**
 * Refusals of the batch service. The code is what the browser words (catalogue `payoutBatches.errors.<code>`);
 * the message is an English fallback for logs and the audit trail.
 */
export type BatchErrorCode =
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'INVALID_STATUS'
  | 'SELF_APPROVAL'
  | 'ALREADY_APPROVED'
  | 'ROLE_NOT_IN_STEP'
  | 'FILE_EMPTY'
  | 'FILE_TOO_LARGE'
  | 'TOO_MANY_ROWS'
  | 'HEADER_MISSING_COLUMNS'
  | 'FILE_UNREADABLE'
  | 'FILE_CHANGED'
  | 'VALIDATION_CHANGED'
  | 'INVALID_ROWS'
  | 'NOTHING_TO_PAY'
  | 'ACCOUNT_NOT_ACTIVE'
  | 'REASON_REQUIRED';

const DENIED: ReadonlySet<string> = new Set(['FORBIDDEN', 'SELF_APPROVAL', 'ROLE_NOT_IN_STEP']);

function statusOf(code: BatchErrorCode): number {
  if (DENIED.has(code)) return 403;
  if (code === 'NOT_FOUND') return 404;
  if (code === 'INVALID_STATUS' || code === 'ALREADY_APPROVED' || code === 'FILE_CHANGED' || code === 'VALIDATION_CHANGED') return 409;
  if (code === 'FILE_TOO_LARGE') return 413;
  return 400;
}

export class BatchError extends DomainError {
  declare readonly code: BatchErrorCode;
  constructor(
    code: BatchErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
    fieldErrors: Record<string, string> = {},
  ) {
    super(code, message, fieldErrors, statusOf(code));
    this.name = 'BatchError';
  }
}
