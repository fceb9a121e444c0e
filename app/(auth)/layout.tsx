import { getTranslations } from 'next-intl/server';
import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { PlainBrand } from '@/components/shell/brand-mark';
import { parseTheme, THEME_COOKIE } from '@/components/shell/theme';
import { ThemeToggle } from '@/components/shell/theme-toggle';

/** Centred card layout for sign-in and the first-sign-in password change. */
export default async function AuthLayout({ children }: { children: ReactNode }) {
  const theme = parseTheme((await cookies()).get(THEME_COOKIE)?.value);
  const t = await getTranslations('shell');
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <PlainBrand />
        <ThemeToggle initial={theme} label={t('darkTheme')} />
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:pt-16">
        <div className="w-full max-w-sm">{children}</div>
      </main>
    </div>
  );
}
