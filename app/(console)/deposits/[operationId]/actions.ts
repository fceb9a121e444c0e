'use server';

import * as z from 'zod/mini';
import { DomainError } from '@/lib/errors';
import { actionClient } from '@/lib/actions/safe-action';
import { simulateDepositPayment } from '@/lib/api/sandbox-helpers';
import { derivedKey } from '@/lib/domain/quotes/idempotency';
import { getEnv } from '@/lib/env';

/**
 * Sandbox only: pays the deposit in through the sandbox's test helper. One key per deposit, so a double click pays
 * once. Refused when the console talks to a real service (the button is not rendered then either).
 */
export const simulateDepositPaymentAction = actionClient
  .metadata({ name: 'deposits.simulatePayment', permission: 'operations:create' })
  .inputSchema(z.object({ operationId: z.uuid() }))
  .action(async ({ parsedInput, ctx }) => {
    if (getEnv().SANDBOX !== 'on') throw new DomainError('SANDBOX_OFF', 'Payments can only be simulated in the sandbox.');
    const idempotencyKey = derivedKey('deposit-pay', parsedInput.operationId);
    ctx.audit.details = { idempotencyKey, operationId: parsedInput.operationId };
    const { data } = await simulateDepositPayment(parsedInput.operationId, { idempotencyKey });
    return { status: data.currentState.status };
  });
