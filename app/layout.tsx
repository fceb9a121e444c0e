import type { Metadata, Viewport } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { TimeZoneCookie } from '@/components/i18n/time-zone-cookie';
import { parseTheme, THEME_COOKIE, themeClass } from '@/components/shell/theme';
import { getRequestIntl } from '@/lib/i18n/request-context';
import { zoneOffsetMinutes } from '@/lib/time/zone';
import { pickNamespaces } from '@/messages';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('common');
  return {
    title: { default: t('appName'), template: `%s · ${t('appName')}` },
    description: t('appDescription'),
    icons: { icon: '/favicon.svg' },
    robots: { index: false, follow: false },
  };
}

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#f6f7f9' },
    { media: '(prefers-color-scheme: dark)', color: '#0c0e13' },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The theme comes from a cookie so the first paint is right without an inline script.
  const jar = await cookies();
  const theme = parseTheme(jar.get(THEME_COOKIE)?.value);
  const { locale, timeZoneFollowsBrowser, browserTimeZone } = await getRequestIntl();
  // Client components everywhere get the locale and time zone, but only the small `common` (buttons, error pages)
  // and `status` (badges) namespaces; a subtree that needs more wraps itself in <IntlScope namespaces={…}>.
  const messages = pickNamespaces(await getMessages(), ['common', 'status']);
  const sentOffset = browserTimeZone ? zoneOffsetMinutes(new Date(), browserTimeZone) : undefined;
  return (
    <html lang={locale} className={themeClass(theme)} data-theme={theme}>
      <body>
        <NextIntlClientProvider messages={messages}>
          <TimeZoneCookie sent={browserTimeZone ?? undefined} sentOffset={sentOffset} followsBrowser={timeZoneFollowsBrowser} />
          {children}
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
