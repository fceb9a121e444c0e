import { randomUUID } from 'node:crypto';
import type { Amount } from '@/lib/money/amount-core';
import { ServiceError, notFound } from '../core/errors';
import type { Customer, SandboxServices, Sql } from '../core/types';
import { assetEnabled, findAccount, findCustomerAccount, type AccountRef } from '../balances/account-ref';
import { claimQuote, claimQuoteForAccount, createTransferQuote } from '../quotes/service';
import { amountOf, type QuoteRow } from '../quotes/quote-row';
import { eventHolder, eventPixAddress, getBeneficiary, getInstruction, type BeneficiaryRow } from '../beneficiaries/service';
import { fundingInstructionFor, railsFor, type FundingRail } from './funding';
import type { IntentType, OperationRow } from './model';
import { AUTO_DEPOSIT_PAYMENT_SECONDS, AUTO_START_SECONDS } from './settlement';
import { emitOperationEvent, insertOperation, rememberQuote } from './store';

type Emit = Pick<SandboxServices, 'emit'>;
type Who = Pick<Customer, 'id' | 'auto'>;

async function ownAccount(tx: Sql, customerId: string, accountId: string): Promise<AccountRef> {
  const account = await findCustomerAccount(tx, customerId, accountId);
  if (!account) throw notFound('Account', accountId);
  return account;
}

interface Draft {
  id: string;
  who: Who;
  type: IntentType;
  account: AccountRef;
  targetAccountId?: string;
  quote: QuoteRow;
  intent: Record<string, unknown>;
  eventIntent: Record<string, unknown>;
  /** Tags stamped besides the account's propagating ones (the test-transfer helper's mark). */
  extraTags?: { key: string | null; value: string }[];
}

/** Stores the REQUESTED operation and records OPERATION_REQUESTED, both in the caller's transaction. */
async function persist(tx: Sql, services: Emit, d: Draft, now: Date): Promise<OperationRow> {
  const firstStep = d.type === 'DEPOSIT' ? AUTO_DEPOSIT_PAYMENT_SECONDS : AUTO_START_SECONDS;
  const op: OperationRow = {
    id: d.id,
    customer_id: d.who.id,
    intent_type: d.type,
    status: 'REQUESTED',
    account_id: d.account.id,
    account_owner: d.account.ownerName,
    target_account_id: d.targetAccountId ?? null,
    source_asset: d.quote.source_asset,
    source_value: d.quote.source_value,
    target_asset: d.quote.target_asset,
    target_value: d.quote.target_value,
    quote_id: d.quote.id,
    intent: d.intent,
    event_intent: d.eventIntent,
    fees: d.quote.fees,
    transactions: [],
    states: [{ status: 'REQUESTED', createdAt: now.toISOString(), reason: null }],
    tags: [...d.account.propagatingTags, ...(d.extraTags ?? [])],
    debited: false,
    credited: false,
    refunded: false,
    paid_at: null,
    next_action_at: d.who.auto ? new Date(now.getTime() + firstStep * 1000) : null,
    created_at: now,
    updated_at: now,
  };
  rememberQuote(op, d.quote);
  await insertOperation(tx, op);
  await emitOperationEvent(tx, services, op, now);
  return op;
}

/**
 * Transfer rules: (1) source ≠ target; (2) the target is the same customer's, else 404; (3) the target is
 * ACTIVE; (4) the asset is enabled on both; (5) no conversion: a service-made 1:1 quote, consumed at creation.
 */
export async function createTransfer(
  tx: Sql,
  services: Emit,
  who: Who,
  input: { sourceAccountId: string; targetAccountId: string; amount: Amount },
  now: Date,
  extraTags?: { key: string | null; value: string }[],
): Promise<OperationRow> {
  if (input.sourceAccountId === input.targetAccountId) {
    throw new ServiceError(422, 'CANNOT_EXECUTE_ACTION', 'Source and target accounts must be different', {
      sourceAccountId: input.sourceAccountId,
      targetAccountId: input.targetAccountId,
    });
  }
  const source = await ownAccount(tx, who.id, input.sourceAccountId);
  const target = await findAccount(tx, input.targetAccountId);
  if (!target || target.customerId !== who.id) throw notFound('Account', input.targetAccountId);
  if (target.status !== 'ACTIVE') {
    throw new ServiceError(422, 'ACCOUNT_NOT_ACTIVE', 'The target account must be ACTIVE', {
      accountId: target.id,
      status: target.status,
    });
  }
  for (const account of [source, target]) {
    if (!assetEnabled(account, input.amount.asset)) {
      throw new ServiceError(422, 'INCOMPATIBLE_CURRENCY', `Asset ${input.amount.asset} is not enabled on account ${account.id}`, {
        asset: input.amount.asset,
        accountId: account.id,
      });
    }
  }
  const id = randomUUID();
  const quote = await createTransferQuote(tx, { customerId: who.id, accountId: source.id, amount: input.amount, operationId: id }, now);
  const intent = { type: 'TRANSFER', targetAccount: { id: target.id, owner: target.ownerName } };
  return persist(tx, services, { id, who, type: 'TRANSFER', account: source, targetAccountId: target.id, quote, intent, eventIntent: intent, extraTags }, now);
}

export async function createSwap(
  tx: Sql,
  services: Emit,
  who: Who,
  input: { accountId: string; quoteId: string },
  now: Date,
): Promise<OperationRow> {
  const id = randomUUID();
  const { quote, account } = await claimQuoteForAccount(tx, { customerId: who.id, quoteId: input.quoteId, accountId: input.accountId, operationId: id }, now);
  if (quote.source_asset === quote.target_asset) {
    throw new ServiceError(422, 'CANNOT_EXECUTE_ACTION', 'A swap converts between two different assets; use a transfer to move one asset', {
      quoteId: quote.id,
      asset: quote.source_asset,
    });
  }
  const intent = { type: 'SWAP' };
  return persist(tx, services, { id, who, type: 'SWAP', account, quote, intent, eventIntent: intent }, now);
}

/** A deposit pays the quote's source amount in on `rail` and credits the target amount to the account. */
export async function createDeposit(
  tx: Sql,
  services: Emit,
  who: Who,
  input: { accountId: string; quoteId: string; rail: FundingRail },
  now: Date,
): Promise<OperationRow> {
  const account = await ownAccount(tx, who.id, input.accountId);
  const id = randomUUID();
  const quote = await claimQuote(tx, { customerId: who.id, quoteId: input.quoteId, accountId: account.id, operationId: id }, now);
  if (!railsFor(quote.source_asset).includes(input.rail)) {
    throw new ServiceError(422, 'RAIL_NOT_AVAILABLE', "Funding rail is not available for the quote's source asset", {
      rail: input.rail,
      asset: quote.source_asset,
    });
  }
  const fundingInstruction = fundingInstructionFor(input.rail, id, amountOf(quote.source_value, quote.source_asset), now);
  const intent = { type: 'DEPOSIT', fundingInstruction };
  return persist(tx, services, { id, who, type: 'DEPOSIT', account, quote, intent, eventIntent: intent }, now);
}

function holderName(h: BeneficiaryRow): string {
  return h.holder.type === 'INDIVIDUAL' ? `${h.holder.firstName} ${h.holder.lastName}` : h.holder.legalName;
}

/**
 * A withdrawal pays the quote's target amount to a saved beneficiary's APPROVED PIX instruction. Current
 * limits (upstream): rail PIX and asset BRL, and the quote's target asset must be the instruction's asset.
 */
export async function createWithdrawal(
  tx: Sql,
  services: Emit,
  who: Who,
  input: { accountId: string; quoteId: string; beneficiaryId: string; paymentInstructionId: string },
  now: Date,
): Promise<OperationRow> {
  const account = await ownAccount(tx, who.id, input.accountId);
  const beneficiary = await getBeneficiary(tx, who.id, input.beneficiaryId);
  if (!beneficiary) throw notFound('Beneficiary', input.beneficiaryId);
  const instruction = await getInstruction(tx, input.paymentInstructionId);
  if (!instruction || instruction.beneficiary_id !== beneficiary.id) throw notFound('PaymentInstruction', input.paymentInstructionId);
  if (instruction.status !== 'APPROVED') {
    throw new ServiceError(422, 'PAYMENT_INSTRUCTION_NOT_APPROVED', 'Payment instruction is not approved', {
      paymentInstructionId: instruction.id,
      status: instruction.status,
    });
  }
  if (instruction.rail !== 'PIX_KEY') {
    throw new ServiceError(422, 'INVALID_RAIL', 'Rail not supported for withdrawal', { rail: instruction.rail });
  }
  const id = randomUUID();
  const quote = await claimQuote(tx, { customerId: who.id, quoteId: input.quoteId, accountId: account.id, operationId: id }, now);
  if (instruction.asset !== 'BRL' || quote.target_asset !== instruction.asset) {
    throw new ServiceError(422, 'INVALID_SOURCE_ASSET', "The quote's assets do not match the instruction's settlement asset (BRL)", {
      quoteSourceAsset: quote.source_asset,
      quoteTargetAsset: quote.target_asset,
      instructionAsset: instruction.asset,
    });
  }
  const intent = {
    type: 'WITHDRAWAL',
    beneficiary: {
      id: beneficiary.id,
      holder: beneficiary.holder,
      paymentInstruction: { id: instruction.id, rail: 'PIX_KEY', keyType: instruction.dict_key_type, key: instruction.dict_key },
    },
  };
  const eventIntent = {
    type: 'WITHDRAWAL',
    beneficiary: {
      holder: { name: holderName(beneficiary), taxId: eventHolder(beneficiary.holder).taxId, address: beneficiary.holder.address },
      instruction: { address: eventPixAddress(instruction) },
    },
  };
  return persist(tx, services, { id, who, type: 'WITHDRAWAL', account, quote, intent, eventIntent }, now);
}
