'use server';

import * as z from 'zod/mini';
import { actionClient } from '@/lib/actions/safe-action';
import { createAccount } from '@/lib/api/accounts';
import { createAccountSchema, toCreateAccountBody } from '@/lib/domain/accounts/create-account';

// The form's own schema plus the form instance's idempotency key: the server re-validates exactly what the
// browser validated, and the key makes a double submit or a retry one account at the service.
const createAccountActionSchema = z.extend(createAccountSchema, {
  idempotencyKey: z.uuid({ error: 'FORM_KEY_LOST' }),
});

export const createAccountAction = actionClient
  .metadata({ name: 'accounts.create', permission: 'accounts:create' })
  .inputSchema(createAccountActionSchema)
  .action(async ({ parsedInput }) => {
    const { idempotencyKey, ...values } = parsedInput;
    const { data } = await createAccount(toCreateAccountBody(values), { idempotencyKey });
    return { accountId: data.id };
  });
