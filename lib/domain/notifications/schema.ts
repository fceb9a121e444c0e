// Form and action schemas of the inbox: preferences (kinds a user gets) and an admin's low-balance threshold.
import { z } from 'zod';
import { ASSETS, decimalsOf, isAsset } from '@/lib/money/assets';
import { NOTIFICATION_KINDS } from './kinds';

export const preferencesSchema = z.object({
  /** The kinds this user turns off; everything else (that the role can receive) is on. */
  muted: z.array(z.enum(NOTIFICATION_KINDS)).max(NOTIFICATION_KINDS.length),
});
export type PreferencesInput = z.infer<typeof preferencesSchema>;

const PLAIN = /^\d{1,18}(\.\d{1,6})?$/;

/** A threshold is a non-negative amount in the asset's scale; '' clears it. */
export const thresholdSchema = z
  .object({
    accountId: z.uuid('required'),
    asset: z.enum(ASSETS, { message: 'required' }),
    threshold: z.string().trim(),
  })
  .superRefine((v, ctx) => {
    if (v.threshold === '') return;
    const [, fraction = ''] = v.threshold.split('.');
    if (!PLAIN.test(v.threshold) || (isAsset(v.asset) && fraction.length > decimalsOf(v.asset))) {
      ctx.addIssue({ code: 'custom', path: ['threshold'], message: 'THRESHOLD_INVALID' });
    }
  });
export type ThresholdInput = z.infer<typeof thresholdSchema>;
