import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import type { Role } from '@/lib/auth/permissions';
import { savePreferencesAction } from '@/lib/i18n/actions';
import { LOCALES, type AppLocale } from '@/lib/i18n/config';
import { SignOutButton } from './sign-out-button';
import { TimeZoneSelect } from './time-zone-select';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

/**
 * Who is signed in, their role, their language and time zone, and the way out. A <details> disclosure and a plain
 * form: works without JS (the full time zone list then waits for it: TimeZoneSelect fills it in the browser, so the
 * ~400 zones are not in every page's HTML). The preferences are stored on the user, so they follow them to every
 * browser.
 */
export async function UserMenu({
  name,
  email,
  role,
  locale,
  savedTimeZone,
  browserTimeZone,
}: {
  name: string;
  email: string;
  role: Role;
  locale: AppLocale;
  savedTimeZone: string | null;
  browserTimeZone: string;
}) {
  const t = await getTranslations('shell');
  const roleLabel = t(`roles.${role}`);
  return (
    <details data-menu className="group relative">
      <summary
        data-testid="user-menu"
        className="flex cursor-pointer list-none items-center gap-2 rounded-md py-1 pr-2 pl-1 hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden"
      >
        <span className="sr-only">{t('userMenu.open')} </span>
        <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-full bg-accent text-xs font-semibold text-accent-fg">
          {initials(name)}
        </span>
        {/* Always in the accessibility tree; only visible from `sm` up. */}
        <span className="sr-only text-left sm:not-sr-only sm:block">
          <span className="block text-sm leading-tight font-medium text-fg">{name}</span>
          <span className="block text-xs leading-tight text-fg-muted">{roleLabel}</span>
        </span>
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 text-fg-subtle transition-transform group-open:rotate-180">
          <path fillRule="evenodd" clipRule="evenodd" d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z" />
        </svg>
      </summary>
      <div className="absolute right-0 z-40 mt-2 w-72 max-w-[calc(100vw-1.5rem)] rounded-lg border border-border bg-surface p-1.5 shadow-lg">
        <div className="border-b border-border px-3 pt-1.5 pb-3">
          <p className="truncate text-sm font-medium text-fg">{name}</p>
          <p className="truncate text-xs text-fg-muted">{email}</p>
          <Badge tone="info" className="mt-2" data-testid="user-role">
            {roleLabel}
          </Badge>
        </div>
        <form action={savePreferencesAction} className="space-y-2 border-b border-border px-3 pt-2 pb-3" data-testid="preferences-form">
          <p className="text-xs font-semibold tracking-wide text-fg-muted uppercase">{t('userMenu.preferences')}</p>
          <div className="space-y-1">
            <label htmlFor="pref-locale" className="block text-xs font-medium text-fg">
              {t('userMenu.language')}
            </label>
            <Select id="pref-locale" name="locale" defaultValue={locale} className="h-8 text-sm">
              {LOCALES.map((l) => (
                <option key={l} value={l} lang={l}>
                  {t(`languages.${l}`)}
                </option>
              ))}
            </Select>
          </div>
          <div className="space-y-1">
            <label htmlFor="pref-time-zone" className="block text-xs font-medium text-fg">
              {t('userMenu.timeZone')}
            </label>
            <TimeZoneSelect
              id="pref-time-zone"
              name="timeZone"
              savedTimeZone={savedTimeZone}
              browserLabel={t('userMenu.timeZoneBrowser', { zone: browserTimeZone })}
              className="h-8 text-sm"
            />
          </div>
          <Button type="submit" size="sm" variant="secondary" className="w-full">
            {t('userMenu.save')}
          </Button>
        </form>
        <div className="pt-1.5">
          <Link
            href="/change-password"
            className="flex items-center gap-2 rounded-md px-3 py-2 text-sm text-fg hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 text-fg-muted">
              <path fillRule="evenodd" clipRule="evenodd" d="M8 7a5 5 0 1 1 3.61 4.804l-1.903 1.903A1 1 0 0 1 9 14H8v1a1 1 0 0 1-1 1H6v1a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1v-2a1 1 0 0 1 .293-.707L8.196 8.39A5.002 5.002 0 0 1 8 7Zm5-3a.75.75 0 0 0 0 1.5A1.5 1.5 0 0 1 14.5 7 .75.75 0 0 0 16 7a3 3 0 0 0-3-3Z" />
            </svg>
            {t('userMenu.changePassword')}
          </Link>
          <Link
            href="/account/security"
            className="flex items-center gap-2 rounded-md px-3 py-2 text-sm text-fg hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 text-fg-muted">
              <path fillRule="evenodd" clipRule="evenodd" d="M10 1a4.5 4.5 0 0 0-4.5 4.5V9H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm3 8V5.5a3 3 0 1 0-6 0V9h6Z" />
            </svg>
            {t('userMenu.security')}
          </Link>
          <SignOutButton label={t('userMenu.signOut')} />
        </div>
      </div>
    </details>
  );
}
