import 'server-only';
import { cookies, headers } from 'next/headers';
import { cache } from 'react';
import { getCurrentUser } from '@/lib/auth/session';
import { isTimeZone, pickLocale, pickTimeZone, TIME_ZONE_COOKIE, type AppLocale } from './config';

export interface RequestIntl {
  locale: AppLocale;
  timeZone: string;
  /** Whether the time zone came from the browser's cookie or the default (no saved preference). */
  timeZoneFollowsBrowser: boolean;
  /** The browser's zone as its cookie says, when that is a zone the runtime knows; read once per request. */
  browserTimeZone: string | null;
}

/**
 * Locale: the signed-in user's saved choice, else the browser's Accept-Language, else pt-BR.
 * Time zone: the saved choice, else the browser's (cookie set once by <TimeZoneCookie>), else America/Sao_Paulo.
 * Memoised per request; the session lookup is the one getCurrentUser() already caches.
 */
export const getRequestIntl = cache(async (): Promise<RequestIntl> => {
  const [user, h, jar] = await Promise.all([getCurrentUser(), headers(), cookies()]);
  const savedZone = user?.timeZone ?? null;
  const cookieZone = jar.get(TIME_ZONE_COOKIE)?.value;
  const browserTimeZone = isTimeZone(cookieZone) ? cookieZone : null;
  const timeZone = pickTimeZone(savedZone, browserTimeZone);
  return {
    locale: pickLocale(user?.locale, h.get('accept-language')),
    timeZone,
    timeZoneFollowsBrowser: timeZone !== savedZone,
    browserTimeZone,
  };
});
