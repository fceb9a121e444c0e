import { getTranslations } from 'next-intl/server';
import { cookies } from 'next/headers';
import { forbidden } from 'next/navigation';
import type { ReactNode } from 'react';
import { Brand } from '@/components/shell/brand';
import { MenuDismiss } from '@/components/shell/menu-dismiss';
import { MobileNav } from '@/components/shell/mobile-nav';
import { navForRole, type NavGroupLabels } from '@/components/shell/nav';
import { navIcons } from '@/components/shell/nav-icon';
import { NavLinks } from '@/components/shell/nav-links';
import { RouteProgress } from '@/components/shell/route-progress';
import { SandboxBanner } from '@/components/shell/sandbox-banner';
import { SkipLink } from '@/components/shell/skip-link';
import { parseTheme, THEME_COOKIE } from '@/components/shell/theme';
import { ThemeToggle } from '@/components/shell/theme-toggle';
import { UserMenu } from '@/components/shell/user-menu';
import { HeaderBell } from '@/components/notifications/header-bell';
import { IntlScope } from '@/components/i18n/intl-scope';
import { PaletteLauncher } from '@/components/palette/palette-launcher';
import { ToastProvider } from '@/components/ui/toast';
import { can } from '@/lib/auth/permissions';
import { NAV_GROUPS, permissionForPath } from '@/lib/auth/routes';
import { currentPath, requireUser } from '@/lib/auth/session';
import { getEnv } from '@/lib/env';
import { requestIsPhone } from '@/lib/http/request-phone';
import { DEFAULT_TIME_ZONE } from '@/lib/i18n/config';
import { getRequestIntl } from '@/lib/i18n/request-context';
import { countInbox } from '@/lib/payouts';
import { PendingChangesBanner } from '@/components/control-changes/change-view';
import { listPendingControlChanges } from '@/lib/control-changes/service';

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  // First pass on a full page load: refusing here, before the shell streams, gives a real HTTP 403 and the
  // full-page app/forbidden.tsx. Pages still check their own permission (client-side navigations skip this).
  const needed = permissionForPath(await currentPath());
  if (needed && !can(user.role, needed)) forbidden();

  const t = await getTranslations('shell');
  // Labels are translated here, on the server: the nav's client component receives strings, not the catalogue.
  // The inbox count beside Payouts: requests by someone else still waiting for this user's approval.
  const counts = can(user.role, 'payouts:approve') ? { 'payouts-awaiting-my-approval': await countInbox(user.id) } : {};
  const items = navForRole(user.role, counts).map((item) => ({ ...item, label: t(`nav.${item.label}`) }));
  const groupLabels = Object.fromEntries(
    NAV_GROUPS.flatMap((group) => (group.label === null ? [] : [[group.id, t(`navGroups.${group.label}`)]])),
  ) as NavGroupLabels;
  const icons = navIcons(items);
  const sandbox = getEnv().SANDBOX === 'on';
  const jar = await cookies();
  const theme = parseTheme(jar.get(THEME_COOKIE)?.value);
  const { locale, browserTimeZone } = await getRequestIntl();
  // Every admin sees the control changes waiting for a second admin, on every page (lib/control-changes).
  const pendingChanges = can(user.role, 'team:manage') ? await listPendingControlChanges() : [];
  // A phone gets the folded menu alone, at every width (a phone turned sideways can be wider than `md`): the sidebar
  // it never shows was a second copy of every section link in its markup, its styles and its hydration.
  const phone = await requestIsPhone();

  return (
    <ToastProvider>
      <RouteProgress label={t('loadingPage')} />
      <SkipLink />
      <MenuDismiss />
      {sandbox ? <SandboxBanner /> : null}
      <div className="flex min-h-dvh">
        {phone ? null : (
          <aside className="sticky top-0 hidden h-dvh w-60 shrink-0 flex-col border-r border-border bg-surface md:flex">
            <div className="flex h-14 items-center px-5">
              <Brand />
            </div>
            <div className="flex-1 overflow-y-auto px-3 py-4">
              <NavLinks items={items} label={t('mainNav')} groupLabels={groupLabels} icons={icons} />
            </div>
          </aside>
        )}
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="relative z-30 flex h-14 items-center gap-2 border-b border-border bg-surface/90 px-3 backdrop-blur md:px-6">
            <MobileNav items={items} label={t('mainNav')} menuLabel={t('menu')} groupLabels={groupLabels} icons={icons} alone={phone} />
            <div className={phone ? undefined : 'md:hidden'}>
              <Brand />
            </div>
            <div className="ml-auto flex items-center gap-1">
              <IntlScope namespaces={['palette']}>
                <PaletteLauncher
                  role={user.role}
                  locale={locale}
                  savedTimeZone={user.timeZone}
                  sections={items.map((item) => ({ href: item.href, label: item.label }))}
                />
              </IntlScope>
              <HeaderBell userId={user.id} />
              <ThemeToggle initial={theme} label={t('darkTheme')} />
              <UserMenu
                name={user.name}
                email={user.email}
                role={user.role}
                locale={locale}
                savedTimeZone={user.timeZone}
                browserTimeZone={browserTimeZone ?? DEFAULT_TIME_ZONE}
              />
            </div>
          </header>
          <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none md:px-8 md:py-8">
            <PendingChangesBanner changes={pendingChanges} />
            {children}
          </main>
        </div>
      </div>
    </ToastProvider>
  );
}
