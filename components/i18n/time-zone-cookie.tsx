'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { TIME_ZONE_COOKIE } from '@/lib/i18n/config';
import { needsZoneCheck } from '@/lib/time/zone';

/**
 * Tells the server the browser's time zone: a cookie the server reads when the user has not saved a zone
 * (lib/i18n/request-context.ts). When the page was rendered in another zone (first visit, travel) and the user
 * follows the browser, the page is refreshed so every time shown is in the browser's zone.
 *
 * `sentOffset` is the cookie's zone's UTC offset now, from the server: when it is the browser's, the zone name is not
 * read at all. Reading it takes the page's first Intl.DateTimeFormat, 57–84 ms of main thread under Lighthouse's 4×
 * CPU slowdown, in the task that finishes hydration (README, "Performance budget"). When it must be read (no cookie
 * yet, another offset) it is read at once, as before: the cookie has to be there before the user leaves /login.
 */
export function TimeZoneCookie({
  sent,
  sentOffset,
  followsBrowser,
}: {
  sent: string | undefined;
  sentOffset: number | undefined;
  followsBrowser: boolean;
}) {
  const router = useRouter();
  useEffect(() => {
    if (!needsZoneCheck(sent, sentOffset, -new Date().getTimezoneOffset())) return;
    let zone: string | undefined;
    try {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    } catch {
      return;
    }
    if (!zone || zone === sent) return;
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
    if (followsBrowser) router.refresh();
  }, [sent, sentOffset, followsBrowser, router]);
  return null;
}
