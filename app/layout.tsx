import type { Metadata, Viewport } from 'next';
import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { parseTheme, THEME_COOKIE, themeClass } from '@/components/shell/theme';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Payments & FX Console', template: '%s · Payments & FX Console' },
  description: 'Multi-asset accounts, FX conversion, payouts and webhooks.',
  icons: { icon: '/favicon.svg' },
  robots: { index: false, follow: false },
};

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#f6f7f9' },
    { media: '(prefers-color-scheme: dark)', color: '#0c0e13' },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The theme comes from a cookie so the first paint is right without an inline script.
  const theme = parseTheme((await cookies()).get(THEME_COOKIE)?.value);
  return (
    <html lang="en" className={themeClass(theme)} data-theme={theme}>
      <body>{children}</body>
    </html>
  );
}
