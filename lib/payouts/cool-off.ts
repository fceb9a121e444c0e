import 'server-only';
import { eq } from 'drizzle-orm';
import type { ConsoleDb } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { DEFAULT_APPROVER_COOL_OFF_HOURS, parseCoolOffHours } from '@/lib/config/approver-cool-off';
import { approverCoolOff, type CoolOff } from '@/lib/domain/payouts';
import { formatDateTime } from '@/lib/i18n/format';
import { PayoutError } from './errors';

/** `APPROVER_COOL_OFF_HOURS` (validated at start-up by lib/env.ts). */
export function coolOffHours(): number {
  return parseCoolOffHours(process.env.APPROVER_COOL_OFF_HOURS) ?? DEFAULT_APPROVER_COOL_OFF_HOURS;
}

/** Read from the users row every time (not the session cache): a role change applies to the very next approval. */
export async function approverCoolOffFor(userId: string, db: ConsoleDb, at: Date): Promise<CoolOff> {
  const [row] = await db.select({ approverSince: users.approverSince }).from(users).where(eq(users.id, userId));
  // No row (an actor that is no console user) has no known start either: it cools off like a new approver.
  return approverCoolOff(row?.approverSince ?? null, at, coolOffHours());
}

/** The notice in the request's language (namespace `payouts.coolOff`), the date in the reader's zone. */
export async function coolOffSentence(coolOff: { until: Date; hours: number }): Promise<string> {
  const { getLocale, getTimeZone, getTranslations } = await import('next-intl/server');
  const [t, locale, timeZone] = await Promise.all([getTranslations('payouts.coolOff'), getLocale(), getTimeZone()]);
  // The reader's date and time, as every date in the console (lib/i18n/format.ts).
  const until = formatDateTime(coolOff.until.toISOString(), { locale, timeZone });
  return t('refused', { hours: coolOff.hours, until });
}

/** Refuses (403, audited as denied) an approver who is still cooling off. */
export async function assertCooledOff(userId: string, db: ConsoleDb, at: Date): Promise<void> {
  const coolOff = await approverCoolOffFor(userId, db, at);
  if (coolOff.coolingOff) {
    throw new PayoutError('APPROVER_COOLING_OFF', { until: coolOff.until.toISOString(), hours: coolOff.hours }, {}, { hours: coolOff.hours });
  }
}

/** For the payout page: the sentence to show instead of the approve button while `userId` cools off, else null. */
export async function coolOffNoticeFor(userId: string, at: Date): Promise<string | null> {
  const { getDb } = await import('@/lib/db/client');
  const coolOff = await approverCoolOffFor(userId, await getDb(), at);
  return coolOff.coolingOff ? coolOffSentence(coolOff) : null;
}
