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
 * `sentOffset` is the cookie's zone's UTC offset now, from the server: when it is the browser's, nothing is read.
 * Otherwise the zone name is read when the browser is idle, not in the task that hydrates the page: a page's first
 * Intl.DateTimeFormat cost 60–80 ms there under Lighthouse's 4× CPU slowdown (README, "Performance budget").
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
    const check = () => {
      let zone: string | undefined;
      try {
        zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      } catch {
        return;
      }
      if (!zone || zone === sent) return;
      document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
      if (followsBrowser) router.refresh();
    };
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(check, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(check, 0);
    return () => window.clearTimeout(id);
  }, [sent, sentOffset, followsBrowser, router]);
  return null;
}
