// zod/mini: shared by the payout forms (browser) and their server actions.
import * as z from 'zod/mini';
import { ASSETS } from '@/lib/money/assets';
import { APPROVER_ROLES, MAX_STEPS, MAX_TIERS, validateTieredPolicy } from './approval-policy';

const uuid = (code: string) => z.string({ error: code }).check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: code }));

/** Messages are codes of the `errors` catalogue. */
export const requestPayoutSchema = z.object({
  idempotencyKey: uuid('FORM_KEY_LOST'),
  sourceAccountId: uuid('ACCOUNT_REQUIRED'),
  sourceAsset: z.enum(ASSETS, { error: 'ASSET_REQUIRED' }),
  beneficiaryId: uuid('BENEFICIARY_REQUIRED'),
  instructionId: uuid('INSTRUCTION_REQUIRED'),
  fixedSide: z.enum(['source', 'target'], { error: 'FIXED_SIDE_REQUIRED' }),
  amount: z.string({ error: 'AMOUNT_REQUIRED' }).check(z.trim(), z.regex(/^\d{1,15}(\.\d{1,6})?$/, { error: 'AMOUNT_INVALID' })),
  memo: z.string().check(z.trim(), z.maxLength(140, { error: 'MEMO_TOO_LONG' })),
});

export const payoutIdSchema = z.object({ payoutId: uuid('NOT_FOUND') });

/** The intent an approver signs (lib/domain/payouts/approval-statement.ts): which payout, which fresh quote, which bound. */
export const payoutStepUpSchema = z.object({
  payoutId: uuid('NOT_FOUND'),
  previewQuoteId: uuid('PREVIEW_REQUIRED'),
  acknowledged: z.boolean(),
});

export const approvePayoutSchema = z.object({
  payoutId: uuid('NOT_FOUND'),
  previewQuoteId: uuid('PREVIEW_REQUIRED'),
  acknowledged: z.boolean(),
  /** The signed answer of the step-up dialog; its absence is refused by the server (STEP_UP_REQUIRED), not here. */
  stepUp: z.optional(
    z.object({
      challengeId: z.string().check(z.maxLength(64)),
      webauthn: z.optional(z.unknown()),
      totp: z.optional(z.string().check(z.maxLength(16))),
    }),
  ),
});

export const rejectPayoutSchema = z.object({
  payoutId: uuid('NOT_FOUND'),
  reason: z.string({ error: 'REASON_REQUIRED' }).check(
    z.trim(),
    z.minLength(1, { error: 'REASON_REQUIRED' }),
    z.maxLength(500, { error: 'REASON_TOO_LONG' }),
  ),
});

/**
 * The tiered approval policy as the editor sends it (bounds and the cap in the reference currency, '' for none).
 * Field messages are `POLICY_<code>` of `validateTieredPolicy`, which the service runs again with the reference
 * currency; the editor runs it too (`approvalPolicyFormSchema`), so a problem shows on its field before sending.
 */
export const approvalPolicySchema = z.object({
  tiers: z
    .array(
      z.object({
        upTo: z.nullable(z.string()),
        steps: z
          .array(
            z.object({
              approvals: z.number({ error: 'POLICY_APPROVALS_INVALID' }),
              roles: z.array(z.enum(APPROVER_ROLES, { error: 'POLICY_ROLE_UNKNOWN' })),
            }),
          )
          .check(z.maxLength(MAX_STEPS, { error: 'POLICY_TOO_MANY_STEPS' })),
      }),
    )
    .check(z.minLength(1, { error: 'POLICY_NO_TIERS' }), z.maxLength(MAX_TIERS, { error: 'POLICY_TOO_MANY_TIERS' })),
  dailyCap: z.nullable(z.string()),
});
export type ApprovalPolicyValues = z.infer<typeof approvalPolicySchema>;

/** The editor's schema: the shape above plus every rule of the model, each on its field. */
export function approvalPolicyFormSchema(referenceCurrency: string) {
  return approvalPolicySchema.check(
    z.superRefine((value, ctx) => {
      const checked = validateTieredPolicy({ ...value, referenceCurrency });
      if (checked.ok) return;
      for (const e of checked.errors) ctx.addIssue({ code: 'custom', message: `POLICY_${e.code}`, path: e.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), input: value });
    }),
  );
}
