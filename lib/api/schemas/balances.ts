import 'server-only';
import { z } from 'zod';
import { amountSchema } from './common';

/** One asset's balance; `amount` is null and `synced` false when the provider could not be reached. */
export const balanceEntrySchema = z.looseObject({ amount: amountSchema.nullable(), synced: z.boolean() });
export type BalanceEntry = z.infer<typeof balanceEntrySchema>;

/** `GET /api/balances?accountId=` (extension, see lib/sandbox/README.md). */
export const balancesSchema = z.looseObject({
  accountId: z.string(),
  fiat: z.array(balanceEntrySchema),
  crypto: z.array(balanceEntrySchema),
});
export type Balances = z.infer<typeof balancesSchema>;
