'use server';

import { revalidatePath } from 'next/cache';
import { actionClient } from '@/lib/actions/safe-action';
import { now } from '@/lib/clock';
import { getDb } from '@/lib/db/client';
import { markReadSchema, preferencesSchema, removeThresholdSchema, thresholdSchema } from '@/lib/domain/notifications/schema';
import { markRead, savePreferences, setThreshold } from './store';
import { wakeNotificationWatch } from './watch';

// Here, not under app/: the header's bell (components/notifications) marks items read from every page. Each
// action acts on the signed-in user's own rows only; the action client checks session and permission and audits.

export const markNotificationsReadAction = actionClient
  .metadata({ name: 'notifications.markRead', permission: 'overview:read' })
  .inputSchema(markReadSchema)
  .action(async ({ parsedInput, ctx }) => {
    const marked = await markRead(await getDb(), ctx.user.id, now(), parsedInput.ids);
    ctx.audit.target = `user:${ctx.user.id}`;
    ctx.audit.details = { marked, all: parsedInput.ids === undefined };
    return { marked };
  });

export const saveNotificationPreferencesAction = actionClient
  .metadata({ name: 'notifications.savePreferences', permission: 'overview:read' })
  .inputSchema(preferencesSchema)
  .action(async ({ parsedInput, ctx }) => {
    const muted = await savePreferences(await getDb(), ctx.user, parsedInput.muted, now());
    ctx.audit.target = `user:${ctx.user.id}`;
    ctx.audit.details = { muted };
    return { muted };
  });

// Thresholds are a money control like the payout approval policy: admins only (`payouts:policy`).
export const setLowBalanceThresholdAction = actionClient
  .metadata({ name: 'notifications.setThreshold', permission: 'payouts:policy' })
  .inputSchema(thresholdSchema)
  .action(async ({ parsedInput, ctx }) => {
    const change = await setThreshold(await getDb(), parsedInput, ctx.user, now());
    ctx.audit.target = `threshold:${parsedInput.accountId}:${parsedInput.asset}`;
    ctx.audit.details = change;
    wakeNotificationWatch();
    revalidatePath('/notifications');
    return { asset: parsedInput.asset };
  });

export const removeLowBalanceThresholdAction = actionClient
  .metadata({ name: 'notifications.removeThreshold', permission: 'payouts:policy' })
  .inputSchema(removeThresholdSchema)
  .action(async ({ parsedInput, ctx }) => {
    const change = await setThreshold(await getDb(), { ...parsedInput, threshold: null }, ctx.user, now());
    ctx.audit.target = `threshold:${parsedInput.accountId}:${parsedInput.asset}`;
    ctx.audit.details = change;
    revalidatePath('/notifications');
    return { asset: parsedInput.asset };
  });
