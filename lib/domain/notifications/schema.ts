// Form and action schemas of the inbox: preferences (kinds a user gets) and an admin's low-balance threshold.
import { z } from 'zod';
import { ASSETS, decimalsOf, isAsset } from '@/lib/money/assets';
import { NOTIFICATION_KINDS } from './kinds';

export const preferencesSchema = z.object({
  /** The kinds this user turns off; everything else (that the role can receive) is on. */
  muted: z.array(z.enum(NOTIFICATION_KINDS)).max(NOTIFICATION_KINDS.length),
});

const PLAIN = /^\d{1,18}(\.\d{1,6})?$/;

const thresholdTarget = {
  accountId: z.uuid('required'),
  asset: z.enum(ASSETS, { message: 'assetUnsupported' }),
};

/**
 * A threshold is a positive amount in the asset's scale, as the money field hands it over (a plain decimal
 * string; '' while it holds nothing sendable, refused here as required — the field itself says what is wrong).
 */
export const thresholdSchema = z
  .object({ ...thresholdTarget, threshold: z.string().trim().min(1, 'required') })
  .superRefine((v, ctx) => {
    const [, fraction = ''] = v.threshold.split('.');
    if (!PLAIN.test(v.threshold) || (isAsset(v.asset) && fraction.length > decimalsOf(v.asset)) || !/[1-9]/.test(v.threshold)) {
      ctx.addIssue({ code: 'custom', path: ['threshold'], message: 'required' });
    }
  });
export type ThresholdInput = z.infer<typeof thresholdSchema>;

export const removeThresholdSchema = z.object(thresholdTarget);

export const markReadSchema = z.object({
  /** Without ids: every unread item of the user ("mark all read"). */
  ids: z.array(z.uuid()).max(100).optional(),
});

/** The preferences form: one switch per kind the role is offered, in `kindsForRole` order (checked = gets it). */
export const preferencesFormSchema = z.object({ on: z.array(z.boolean()).max(NOTIFICATION_KINDS.length) });
export type PreferencesForm = z.infer<typeof preferencesFormSchema>;

/** Which offered kinds the form turned off. */
export function mutedFromForm(offered: readonly string[], form: PreferencesForm): string[] {
  return offered.filter((_, i) => form.on[i] !== true);
}
