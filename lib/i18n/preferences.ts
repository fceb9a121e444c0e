import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { invalidateUserSessions } from '@/lib/auth/sessions';
import type { ConsoleDb } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { isLocale, isTimeZone, type AppLocale } from './config';

export interface UserPreferences {
  locale: AppLocale;
  /** null: follow the browser's time zone. */
  timeZone: string | null;
}

/** Reads the user menu's form; anything unknown is refused rather than stored. */
export function parsePreferencesForm(form: FormData): UserPreferences | null {
  const locale = form.get('locale');
  const zone = form.get('timeZone');
  if (!isLocale(locale)) return null;
  if (zone === null || zone === '') return { locale, timeZone: null };
  return isTimeZone(zone) ? { locale, timeZone: zone } : null;
}

export async function saveUserPreferences(db: ConsoleDb, userId: string, prefs: UserPreferences): Promise<void> {
  await db
    .update(users)
    .set({ locale: prefs.locale, timeZone: prefs.timeZone, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  // The session rows cached in memory (lib/auth/session-cache.ts) carry the preferences: the next page must not
  // render in the old language.
  await invalidateUserSessions(userId);
}
