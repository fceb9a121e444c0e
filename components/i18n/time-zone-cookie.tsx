'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { TIME_ZONE_COOKIE } from '@/lib/i18n/config';

/**
 * Tells the server the browser's time zone, once: a cookie the server reads when the user has not saved a zone
 * (lib/i18n/request-context.ts). When the page was rendered in another zone (first visit, travel) and the user
 * follows the browser, the page is refreshed so every time shown is in the browser's zone.
 */
export function TimeZoneCookie({ sent, followsBrowser }: { sent: string | undefined; followsBrowser: boolean }) {
  const router = useRouter();
  useEffect(() => {
    let zone: string | undefined;
    try {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    } catch {
      return;
    }
    if (!zone || zone === sent) return;
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
    if (followsBrowser) router.refresh();
  }, [sent, followsBrowser, router]);
  return null;
}
