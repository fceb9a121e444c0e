/** What the payout request form holds while it is edited (ids, the side fixed, the amount as typed, the memo). */
export interface RequestPayoutValues {
  sourceAccountId: string;
  sourceAsset: string;
  beneficiaryId: string;
  instructionId: string;
  fixedSide: 'source' | 'target';
  amount: string;
  memo: string;
}

/** The form's own refusals before sending (codes of the `errors` catalogue); the service checks everything again. */
export type RequestPayoutFieldCode = 'ACCOUNT_REQUIRED' | 'BENEFICIARY_REQUIRED' | 'INSTRUCTION_REQUIRED' | 'AMOUNT_REQUIRED';

/** The asset a payout leaves from by default: BRL when the account holds it, else its first asset. */
export function defaultSourceAsset(assets: readonly string[] | undefined): string {
  return assets?.includes('BRL') ? 'BRL' : (assets?.[0] ?? '');
}

/** A beneficiary can be paid when one of its PIX keys is approved by the service and by the team's review. */
export function isPayable(beneficiary: { instructions: readonly { payable: boolean }[] }): boolean {
  return beneficiary.instructions.some((i) => i.payable);
}

/** The key chosen for a beneficiary when it is picked: its first payable one. */
export function firstPayableInstruction(beneficiary: { instructions: readonly { id: string; payable: boolean }[] } | undefined): string {
  return beneficiary?.instructions.find((i) => i.payable)?.id ?? '';
}

/**
 * The form's schema (the `safeParse` shape of components/forms): what must be chosen or typed before the request is
 * sent, in the order the fields are on screen. The amount's format is kept by the money input; its value, the keys'
 * approval and the balance are the service's to check.
 */
export const requestPayoutSchema = {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: RequestPayoutValues }
    | { success: false; error: { issues: { path: string[]; message: RequestPayoutFieldCode }[] } } {
    const values = input as RequestPayoutValues;
    const issues: { path: string[]; message: RequestPayoutFieldCode }[] = [];
    if (!values.sourceAccountId) issues.push({ path: ['sourceAccountId'], message: 'ACCOUNT_REQUIRED' });
    if (!values.beneficiaryId) issues.push({ path: ['beneficiaryId'], message: 'BENEFICIARY_REQUIRED' });
    if (!values.instructionId) issues.push({ path: ['instructionId'], message: 'INSTRUCTION_REQUIRED' });
    if (!values.amount) issues.push({ path: ['amount'], message: 'AMOUNT_REQUIRED' });
    return issues.length ? { success: false, error: { issues } } : { success: true, data: values };
  },
};
