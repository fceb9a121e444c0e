'use server';

import { revalidatePath } from 'next/cache';
import { actionClient } from '@/lib/actions/safe-action';
import { DomainError } from '@/lib/errors';
import { loadOwnAccounts } from '@/lib/api/own-accounts';
import { createTestTransfer } from '@/lib/api/sandbox-simulations';
import { pickTestTransferAccounts, TEST_TRANSFER_ASSET, TEST_TRANSFER_VALUE } from '@/lib/domain/webhooks/test-events';
import { companyCredentials } from '@/lib/api/default-client';
import { createSubscription, deleteSubscription, getExecutionLog, getSubscription, resendExecutionLog } from '@/lib/api/subscriptions';
import { failNextDeliveries } from '@/lib/api/webhooks';
import { dayBoundary } from '@/lib/time/zone';
import { getEnv } from '@/lib/env';
import { reachProblem } from '@/lib/domain/webhooks/delivery-reach';
import { deliveryReach } from '@/lib/webhooks/delivery-reach';
import { derivedKey } from '@/lib/domain/webhooks/replay-key';
import { checkSignature } from '@/lib/webhooks/signature-check';
import { planReplay } from '@/lib/webhooks/execution-log-reads';
import { processLeaseOwner } from '@/lib/db/lease';
import { REPLAY_LEASE_MS, startReplayRunner } from '@/lib/webhooks/replay-runner';
import { cancelReplayJob, getReplayJob, insertReplayJob } from '@/lib/webhooks/replay-store';
import {
  checkSignatureSchema,
  createSubscriptionSchema,
  failNextSchema,
  jobIdSchema,
  replayWindowSchema,
  resendSchema,
  resourcesFromEvents,
  startReplaySchema,
  subscriptionIdSchema,
  testEventsSchema,
  urlProblem,
  type ReplayWindowInput,
} from '@/lib/domain/webhooks/schema';

const MANAGE = 'webhooks:manage' as const;

function sandboxOn(): boolean {
  return getEnv().SANDBOX === 'on';
}

/**
 * Creates the subscription; the URL rule and this deployment's delivery reach are checked here too (never trusting
 * the form): a URL whose every delivery would fail is refused rather than saved.
 */
export const createSubscriptionAction = actionClient
  .metadata({ name: 'webhooks.createSubscription', permission: MANAGE })
  .inputSchema(createSubscriptionSchema)
  .action(async ({ parsedInput, ctx }) => {
    const problem = urlProblem(parsedInput.url, sandboxOn());
    if (problem) throw new DomainError('INVALID_INPUT', { fields: { url: problem } });
    const unreachable = reachProblem(parsedInput.url, deliveryReach());
    if (unreachable) {
      const values = { host: unreachable.host, receiver: unreachable.receiver };
      throw new DomainError('UNDELIVERABLE_URL', { fields: { url: { code: unreachable.code, values } }, httpStatus: 422 });
    }
    const { data } = await createSubscription(
      {
        url: parsedInput.url,
        includeAll: parsedInput.includeAll,
        ...(parsedInput.includeAll ? {} : { resources: resourcesFromEvents(parsedInput.events) }),
        allowRetry: parsedInput.allowRetry,
      },
      { idempotencyKey: parsedInput.intentKey },
    );
    ctx.audit.target = data.id;
    ctx.audit.details = { url: data.url, includeAll: parsedInput.includeAll, events: parsedInput.events, allowRetry: data.allowRetry };
    revalidatePath('/webhooks');
    return { id: data.id };
  });

export const deleteSubscriptionAction = actionClient
  .metadata({ name: 'webhooks.deleteSubscription', permission: MANAGE })
  .inputSchema(subscriptionIdSchema)
  .action(async ({ parsedInput, ctx }) => {
    const { data } = await getSubscription(parsedInput.subscriptionId);
    await deleteSubscription(parsedInput.subscriptionId);
    ctx.audit.details = { url: data.url };
    revalidatePath('/webhooks');
    return { id: parsedInput.subscriptionId };
  });

/** One resend per click intent: the browser's key is reused on every retry of that click. */
export const resendAction = actionClient
  .metadata({ name: 'webhooks.resend', permission: MANAGE })
  .inputSchema(resendSchema)
  .action(async ({ parsedInput, ctx }) => {
    await resendExecutionLog(parsedInput.subscriptionId, parsedInput.logId, { idempotencyKey: parsedInput.intentKey });
    ctx.audit.target = parsedInput.logId;
    ctx.audit.details = { subscriptionId: parsedInput.subscriptionId };
    return { logId: parsedInput.logId };
  });

/**
 * "Check a signature" on an attempt: anyone who reads the logs may check what their receiver got. The secret is read
 * and used here only; the answer holds verdicts and the client id (lib/webhooks/signature-check.ts).
 */
export const checkSignatureAction = actionClient
  .metadata({ name: 'webhooks.checkSignature', permission: 'webhooks:read' })
  .inputSchema(checkSignatureSchema)
  .action(async ({ parsedInput, ctx }) => {
    const [{ data: log }, credentials] = await Promise.all([
      getExecutionLog(parsedInput.subscriptionId, parsedInput.logId),
      companyCredentials(),
    ]);
    const result = checkSignature(parsedInput, log, credentials);
    ctx.audit.target = parsedInput.logId;
    ctx.audit.details = { subscriptionId: parsedInput.subscriptionId, messageId: parsedInput.messageId, signature: result.signature };
    return result;
  });

function windowOf(input: ReplayWindowInput): { from: Date | null; to: Date | null } {
  let timeZone = 'UTC';
  try {
    timeZone = new Intl.DateTimeFormat('en-US', { timeZone: input.timeZone }).resolvedOptions().timeZone;
  } catch {
    throw new DomainError('INVALID_INPUT');
  }
  const from = input.from ? dayBoundary(input.from, timeZone, false) : null;
  const to = input.to ? dayBoundary(input.to, timeZone, true) : null;
  if (from && to && from > to) throw new DomainError('INVALID_INPUT', { fields: { to: 'RANGE_ORDER' } });
  return { from, to };
}

/** The dry run: how many failed messages the window holds (nothing is sent). */
export const replayDryRunAction = actionClient
  .metadata({ name: 'webhooks.replayDryRun', permission: MANAGE })
  .inputSchema(replayWindowSchema)
  .action(async ({ parsedInput }) => {
    const plan = await planReplay(parsedInput.subscriptionId, windowOf(parsedInput), parsedInput.eventTypes);
    return { count: plan.items.length, scanned: plan.scanned, truncated: plan.truncated, overLimit: plan.overLimit };
  });

/** Starts the background job; the job id is the browser's intent key, so a double click starts one job. */
export const startReplayAction = actionClient
  .metadata({ name: 'webhooks.replayStart', permission: MANAGE })
  .inputSchema(startReplaySchema)
  .action(async ({ parsedInput, ctx }) => {
    const window = windowOf(parsedInput);
    const plan = await planReplay(parsedInput.subscriptionId, window, parsedInput.eventTypes);
    await insertReplayJob({
      id: parsedInput.jobId,
      subscriptionId: parsedInput.subscriptionId,
      windowFrom: window.from,
      windowTo: window.to,
      eventTypes: parsedInput.eventTypes,
      ratePerSecond: 5,
      actor: { id: ctx.user.id, email: ctx.user.email },
      items: plan.items,
      lease: { owner: processLeaseOwner(), ms: REPLAY_LEASE_MS },
    });
    startReplayRunner();
    ctx.audit.target = parsedInput.jobId;
    ctx.audit.details = {
      subscriptionId: parsedInput.subscriptionId,
      from: window.from?.toISOString() ?? null,
      to: window.to?.toISOString() ?? null,
      eventTypes: parsedInput.eventTypes,
      total: plan.items.length,
    };
    return { jobId: parsedInput.jobId, total: plan.items.length };
  });

export const cancelReplayAction = actionClient
  .metadata({ name: 'webhooks.replayCancel', permission: MANAGE })
  .inputSchema(jobIdSchema)
  .action(async ({ parsedInput, ctx }) => {
    const cancelled = await cancelReplayJob(parsedInput.jobId);
    const view = await getReplayJob(parsedInput.jobId);
    if (!view) throw new DomainError('NOT_FOUND', { httpStatus: 404 });
    ctx.audit.target = parsedInput.jobId;
    ctx.audit.details = { cancelled: cancelled !== null, counts: view.progress.counts };
    return { status: view.status };
  });

/** Sandbox only: the next N deliveries to this subscription's URL fail (the sandbox's fail-next helper). */
export const failNextAction = actionClient
  .metadata({ name: 'webhooks.sandboxFailNext', permission: MANAGE })
  .inputSchema(failNextSchema)
  .action(async ({ parsedInput, ctx }) => {
    if (!sandboxOn()) throw new DomainError('SANDBOX_ONLY', { httpStatus: 403 });
    const { data: sub } = await getSubscription(parsedInput.subscriptionId);
    await failNextDeliveries({ url: sub.url, count: parsedInput.count }, { idempotencyKey: parsedInput.intentKey });
    ctx.audit.details = { url: sub.url, count: parsedInput.count };
    return { count: parsedInput.count };
  });

/**
 * Sandbox only: makes real events by moving 0.01 BRL from the company's best-funded active account to another one,
 * N times (each transfer publishes OPERATION_REQUESTED and, once settled, OPERATION_COMPLETED). The transfers are
 * the sandbox's test transfers, tagged so every list marks them "Test". Keys derive from the intent.
 */
export const sendTestEventsAction = actionClient
  .metadata({ name: 'webhooks.sandboxTestEvents', permission: MANAGE })
  .inputSchema(testEventsSchema)
  .action(async ({ parsedInput, ctx }) => {
    if (!sandboxOn()) throw new DomainError('SANDBOX_ONLY', { httpStatus: 403 });
    const pick = pickTestTransferAccounts(await loadOwnAccounts(), parsedInput.count);
    if (!pick.ok && pick.problem === 'NO_ACCOUNTS') throw new DomainError('NO_ACCOUNTS', { httpStatus: 409 });
    if (!pick.ok) throw new DomainError('NO_FUNDS_FOR_TEST_EVENTS', { values: { needed: pick.needed }, httpStatus: 409 });
    for (let i = 0; i < parsedInput.count; i++) {
      await createTestTransfer(
        { sourceAccountId: pick.source.id, targetAccountId: pick.target.id, amount: { value: TEST_TRANSFER_VALUE, asset: TEST_TRANSFER_ASSET } },
        { idempotencyKey: derivedKey(parsedInput.intentKey, String(i)) },
      );
    }
    ctx.audit.details = { transfers: parsedInput.count, sourceAccountId: pick.source.id, targetAccountId: pick.target.id };
    return { transfers: parsedInput.count, source: pick.source.name, target: pick.target.name };
  });
