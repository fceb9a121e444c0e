import type { FieldProblem } from '@/lib/errors';
import type { Amount } from '@/lib/money/amount-core';
import { isAsset, type Asset } from '@/lib/money/assets';
import { parseAmount } from '@/lib/money/parse-amount';
import { exceedsAvailable } from '@/lib/domain/balances/available';
import { commonAssets, type TransferAccount } from './rules';

/** What the transfer form holds while it is edited: ids, the chosen asset and the amount as typed. */
export interface TransferFormValues {
  sourceAccountId: string;
  targetAccountId: string;
  asset: string;
  amount: string;
}

/** The amount the form refuses before review: empty, zero, too large, too many decimals, other, over the balance. */
export type AmountRefusal = 'EMPTY' | 'ZERO_NOT_ALLOWED' | 'TOO_LARGE' | 'TOO_MANY_DECIMALS' | 'INVALID' | 'OVER_AVAILABLE';

export const AMOUNT_REFUSALS: readonly AmountRefusal[] = ['EMPTY', 'ZERO_NOT_ALLOWED', 'TOO_LARGE', 'TOO_MANY_DECIMALS', 'INVALID', 'OVER_AVAILABLE'];

export function isAmountRefusal(message: string | undefined): message is AmountRefusal {
  return AMOUNT_REFUSALS.includes(message as AmountRefusal);
}

/**
 * A refusal of the amount as a problem of the `errors` catalogue: the balance named when it is over what is
 * available (`availableText`, as the reader writes amounts), the asset named for the others.
 */
export function amountRefusalProblem(refusal: AmountRefusal, asset: string, availableText: string): FieldProblem {
  if (refusal === 'OVER_AVAILABLE') return { code: 'OVER_AVAILABLE', values: { available: availableText } };
  return { code: `AMOUNT_${refusal}`, values: { asset } };
}

/**
 * The amount typed for `asset` checked as the review will send it: the money input already keeps format and scale
 * right, so what is left is empty, zero, too large, and more than the balance the page knows (the action reads the
 * balance again before sending).
 */
export function checkAmount(
  text: string,
  asset: Asset,
  available: Amount | null,
): { ok: true; amount: Amount } | { ok: false; refusal: AmountRefusal } {
  const parsed = parseAmount(text, asset);
  if (!parsed.ok) {
    const code = parsed.code;
    return { ok: false, refusal: code === 'EMPTY' || code === 'ZERO_NOT_ALLOWED' || code === 'TOO_LARGE' || code === 'TOO_MANY_DECIMALS' ? code : 'INVALID' };
  }
  if (available && exceedsAvailable(parsed.amount, available)) return { ok: false, refusal: 'OVER_AVAILABLE' };
  return { ok: true, amount: parsed.amount };
}

/**
 * An account as the transfer form lists it: its assets with the available balance the page knows (null: unknown) and,
 * when the page worded it, that balance as the reader writes amounts.
 */
export interface TransferFormAccount extends TransferAccount {
  assets: ReadonlyArray<{ asset: string; status: string; available: Amount | null; availableText?: string | null }>;
}

/**
 * What the chosen ids allow: the assets both sides can move (the source's alone while the target cannot receive
 * anything), the asset in use (the one chosen while it is still possible, else the first) and its known balance.
 */
export function transferChoice<A extends TransferFormAccount>(accounts: readonly A[], values: TransferFormValues) {
  const source = accounts.find((a) => a.id === values.sourceAccountId);
  const target = accounts.find((a) => a.id === values.targetAccountId);
  const assets: Asset[] = source ? commonAssets(source, target?.status === 'ACTIVE' ? target : undefined).filter(isAsset) : [];
  const chosen: Asset | undefined = isAsset(values.asset) && assets.includes(values.asset) ? values.asset : assets[0];
  const entry = source?.assets.find((a) => a.asset === chosen);
  return { source, target, assets, chosen, available: entry?.available ?? null, availableText: entry?.availableText ?? null };
}

export interface ValidTransfer {
  sourceAccountId: string;
  targetAccountId: string;
  asset: Asset;
  amount: Amount;
}

/**
 * The form's schema (the `safeParse` shape of components/forms): the amount's refusal code is the field message,
 * worded by the form; a valid form yields the asset in use and the parsed amount.
 */
export function transferSchema(accounts: readonly TransferFormAccount[]) {
  return {
    safeParse(
      input: unknown,
    ): { success: true; data: ValidTransfer } | { success: false; error: { issues: { path: string[]; message: string }[] } } {
      const values = input as TransferFormValues;
      const { chosen, available } = transferChoice(accounts, values);
      if (!chosen) return { success: false, error: { issues: [{ path: ['asset'], message: 'INVALID' }] } };
      const checked = checkAmount(values.amount, chosen, available);
      if (!checked.ok) return { success: false, error: { issues: [{ path: ['amount'], message: checked.refusal }] } };
      return {
        success: true,
        data: { sourceAccountId: values.sourceAccountId, targetAccountId: values.targetAccountId, asset: chosen, amount: checked.amount },
      };
    },
  };
}

/**
 * The catalogue code (messages/errors.json) for a service refusal of a transfer: the codes whose general sentence
 * would not say which account or what to do have transfer-specific wording; the rest keep their own code.
 */
const TRANSFER_CODES: Readonly<Record<string, string>> = {
  ACCOUNT_NOT_ACTIVE: 'TRANSFER_TARGET_NOT_ACTIVE',
  CANNOT_EXECUTE_ACTION: 'TRANSFER_SAME_ACCOUNT',
  INSUFFICIENT_BALANCE: 'TRANSFER_INSUFFICIENT_BALANCE',
  RESOURCE_NOT_FOUND: 'TRANSFER_ACCOUNT_NOT_FOUND',
};

export function transferFailureCode(code: string): string {
  return TRANSFER_CODES[code] ?? code;
}
