import { DomainError, type FieldProblem, type MessageValues } from '@/lib/errors';

/** Refusals of the payout service: codes of the `errors` catalogue, the values their sentences need. */
export type PayoutErrorCode =
  | 'FORBIDDEN'
  | 'SELF_APPROVAL'
  | 'NOT_REQUESTER'
  | 'ALREADY_APPROVED'
  | 'NOT_FOUND'
  | 'INVALID_STATUS'
  | 'INSTRUCTION_NOT_APPROVED'
  | 'INSTRUCTION_NOT_FOUND'
  | 'KEY_NOT_REVIEWED'
  | 'KEY_REJECTED'
  | 'ACCOUNT_NOT_ACTIVE'
  | 'ASSET_NOT_ENABLED'
  | 'INVALID_AMOUNT'
  | 'PREVIEW_REQUIRED'
  | 'DRIFT_NOT_ACKNOWLEDGED'
  | 'REASON_REQUIRED'
  | 'INVALID_POLICY'
  | 'APPROVER_COOLING_OFF'
  | 'ROLE_NOT_IN_STEP';

/** Refusals that are a person trying something they may not do: audited with outcome `denied`. */
export const DENIED_CODES: ReadonlySet<string> = new Set(['FORBIDDEN', 'SELF_APPROVAL', 'NOT_REQUESTER', 'APPROVER_COOLING_OFF', 'ROLE_NOT_IN_STEP']);

/** HTTP status of each refusal: a person refused is 403, a missing thing 404, a state conflict 409. */
function statusOf(code: PayoutErrorCode): number {
  if (DENIED_CODES.has(code)) return 403;
  if (code === 'NOT_FOUND' || code === 'INSTRUCTION_NOT_FOUND') return 404;
  if (code === 'INVALID_STATUS' || code === 'ALREADY_APPROVED') return 409;
  return 400;
}

export class PayoutError extends DomainError {
  declare readonly code: PayoutErrorCode;
  constructor(
    code: PayoutErrorCode,
    readonly details: Record<string, unknown> = {},
    /** Field path → a code of the `errors` catalogue, or a code and the values its sentence interpolates. */
    fields: Record<string, string | FieldProblem> = {},
    values?: MessageValues,
  ) {
    super(code, { fields, values, httpStatus: statusOf(code) });
    this.name = 'PayoutError';
  }
}
