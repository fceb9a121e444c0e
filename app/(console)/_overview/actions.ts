'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { actionClient } from '@/lib/actions/safe-action';
import { createSubscription } from '@/lib/api/subscriptions';
import { getEnv } from '@/lib/env';
import { receiverUrlProblem } from '@/lib/domain/live/receiver-url';
import { DomainError } from '@/lib/errors';
import { forgetLiveStatus, getConsoleSubscription, receiverUrl } from '@/lib/live/status';

/**
 * "Receive events in this console" (admin): subscribes the service to every event, delivered to
 * `${PUBLIC_URL}/api/webhooks` with retries on. A real service only delivers to https, so with SANDBOX=off a
 * plain-http PUBLIC_URL is refused with a sentence instead of creating a subscription that can never deliver.
 * One idempotency key per click intent (the button's), so a double click creates one subscription.
 */
export const receiveEventsAction = actionClient
  .metadata({ name: 'live.receiveEvents', permission: 'webhooks:manage' })
  .inputSchema(z.object({ intentKey: z.uuid() }))
  .action(async ({ parsedInput, ctx }) => {
    const env = getEnv();
    const url = receiverUrl(env.PUBLIC_URL);
    if (receiverUrlProblem({ sandbox: env.SANDBOX, receiverUrl: url })) {
      throw new DomainError('RECEIVER_NOT_HTTPS', { httpStatus: 422 });
    }
    // Already subscribed (another admin, another tab): nothing to create.
    forgetLiveStatus();
    const existing = await getConsoleSubscription();
    if (existing.subscriptionId) return { id: existing.subscriptionId, created: false };
    const { data } = await createSubscription({ url, includeAll: true, allowRetry: true }, { idempotencyKey: parsedInput.intentKey });
    forgetLiveStatus();
    ctx.audit.target = data.id;
    ctx.audit.details = { url: data.url, includeAll: true, allowRetry: true };
    revalidatePath('/');
    return { id: data.id, created: true };
  });
