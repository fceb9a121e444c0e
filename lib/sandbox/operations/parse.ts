import { ServiceError } from '../core/errors';
import { Validator } from '../core/validate';
import type { Amount } from '@/lib/money/amount-core';
import { toAmount } from '@/lib/money/amount-core';
import { FUNDING_RAILS, type FundingRail } from './funding';

type Obj = Record<string, unknown>;

export function parseTransferBody(body: unknown): { sourceAccountId: string; targetAccountId: string; amount: Amount } {
  const v = new Validator('body');
  const root = v.root(body);
  const sourceAccountId = v.uuid(root, 'sourceAccountId', { required: true });
  const targetAccountId = v.uuid(root, 'targetAccountId', { required: true });
  const amount = v.object(root, 'amount', { required: true });
  const asset = v.asset(amount, 'amount.asset', { required: true });
  const value = v.amount(amount, 'amount.value', asset, { required: true });
  v.uuid(root, 'quoteId'); // reserved for future use: validated when sent, otherwise ignored
  v.done();
  return { sourceAccountId: sourceAccountId!, targetAccountId: targetAccountId!, amount: toAmount(value!, asset!) };
}

export function parseSwapBody(body: unknown): { accountId: string; quoteId: string } {
  const v = new Validator('body');
  const root = v.root(body);
  const accountId = v.uuid(root, 'accountId', { required: true });
  const quoteId = v.uuid(root, 'quoteId', { required: true });
  v.done();
  return { accountId: accountId!, quoteId: quoteId! };
}

export function parseDepositBody(body: unknown): { accountId: string; quoteId: string; rail: FundingRail } {
  const v = new Validator('body');
  const root = v.root(body);
  const accountId = v.uuid(root, 'accountId', { required: true });
  const quoteId = v.uuid(root, 'quoteId', { required: true });
  const fi = v.object(root, 'fundingInstruction', { required: true });
  const rail = v.enum(fi, 'fundingInstruction.rail', FUNDING_RAILS, { required: true });
  v.done();
  return { accountId: accountId!, quoteId: quoteId!, rail: rail! };
}

/**
 * Only saved beneficiaries are supported: an INLINE beneficiary (or instruction) is refused with its own
 * top-level code before anything else is looked at, because no other fix to the body would make it work.
 */
export function parseWithdrawalBody(body: unknown): { accountId: string; quoteId: string; beneficiaryId: string; paymentInstructionId: string } {
  const b = (body as Obj | null)?.beneficiary as Obj | undefined;
  if (b && typeof b === 'object' && b.type === 'INLINE') {
    throw new ServiceError(400, 'INLINE_BENEFICIARY_NOT_SUPPORTED', 'Inline beneficiary is not supported; use a saved beneficiary (REFERENCE)', {
      field: 'body:beneficiary.type',
    });
  }
  const pi = b && typeof b === 'object' ? (b.paymentInstruction as Obj | undefined) : undefined;
  if (pi && typeof pi === 'object' && pi.type === 'INLINE') {
    throw new ServiceError(400, 'INLINE_INSTRUCTION_NOT_SUPPORTED', 'Inline payment instruction is not supported; use a saved instruction (REFERENCE)', {
      field: 'body:beneficiary.paymentInstruction.type',
    });
  }
  const v = new Validator('body');
  const root = v.root(body);
  const accountId = v.uuid(root, 'accountId', { required: true });
  const quoteId = v.uuid(root, 'quoteId', { required: true });
  const ben = v.object(root, 'beneficiary', { required: true });
  v.enum(ben, 'beneficiary.type', ['REFERENCE'] as const, { required: true });
  const beneficiaryId = v.uuid(ben, 'beneficiary.id', { required: true });
  const instr = v.object(ben, 'beneficiary.paymentInstruction', { required: true });
  v.enum(instr, 'beneficiary.paymentInstruction.type', ['REFERENCE'] as const, { required: true });
  const paymentInstructionId = v.uuid(instr, 'beneficiary.paymentInstruction.id', { required: true });
  v.done();
  return { accountId: accountId!, quoteId: quoteId!, beneficiaryId: beneficiaryId!, paymentInstructionId: paymentInstructionId! };
}
