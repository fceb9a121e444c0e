'use server';

import * as z from 'zod/mini';
import { DomainError, isServiceError } from '@/lib/errors';
import { actionClient } from '@/lib/actions/safe-action';
import { getOperation } from '@/lib/api/operations';
import { simulateDepositPayment } from '@/lib/api/sandbox-simulations';
import { simulatedPaymentOutcome } from '@/lib/domain/deposits';
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
    if (getEnv().SANDBOX !== 'on') throw new DomainError('SANDBOX_OFF');
    const idempotencyKey = derivedKey('deposit-pay', parsedInput.operationId);
    ctx.audit.details = { idempotencyKey, operationId: parsedInput.operationId };
    try {
      const { data } = await simulateDepositPayment(parsedInput.operationId, { idempotencyKey });
      return { status: data.currentState.status };
    } catch (error) {
      // The sandbox pays an auto customer's deposit by itself a few seconds after creation: when it got there
      // first, the payment the person asked for has happened, so answer with where the deposit is; a deposit held or
      // failed meanwhile was not paid, and that is said as a refusal.
      if (!isServiceError(error) || error.code !== 'INVALID_STATUS_CHANGE') throw error;
      const { data } = await getOperation(parsedInput.operationId);
      // The service's "not in this state" said for a deposit: it no longer waits for a payment (or never will).
      if (simulatedPaymentOutcome(data.currentState.status) === 'refused') {
        throw new DomainError('DEPOSIT_NOT_AWAITING_PAYMENT', { httpStatus: error.status, requestId: error.requestId ?? undefined });
      }
      return { status: data.currentState.status };
    }
  });
