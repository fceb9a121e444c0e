import { ActionError, type FieldErrors } from '@/lib/actions/errors';

/**
 * Refusals of the payout service. The code is what the browser words (catalogue `payouts.errors.<code>`);
 * the message is an English fallback for logs and the audit trail.
 */
export type PayoutErrorCode =
  | 'FORBIDDEN'
  | 'SELF_APPROVAL'
  | 'NOT_REQUESTER'
  | 'ALREADY_APPROVED'
  | 'NOT_FOUND'
  | 'INVALID_STATUS'
  | 'INSTRUCTION_NOT_APPROVED'
  | 'INSTRUCTION_NOT_FOUND'
  | 'ACCOUNT_NOT_ACTIVE'
  | 'ASSET_NOT_ENABLED'
  | 'INVALID_AMOUNT'
  | 'PREVIEW_REQUIRED'
  | 'DRIFT_NOT_ACKNOWLEDGED'
  | 'REASON_REQUIRED'
  | 'INVALID_POLICY';

/** Refusals that are a person trying something they may not do: audited with outcome `denied`. */
export const DENIED_CODES: ReadonlySet<string> = new Set(['FORBIDDEN', 'SELF_APPROVAL', 'NOT_REQUESTER']);

export class PayoutError extends ActionError {
  constructor(
    code: PayoutErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
    fieldErrors?: FieldErrors,
  ) {
    super(code, message, fieldErrors);
  }
}
