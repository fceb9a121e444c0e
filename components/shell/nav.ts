import { can, type Role } from '@/lib/auth/permissions';
import { CONSOLE_ROUTES, type ConsoleRoute, type NavBadgeCounts } from '@/lib/auth/routes';
import type { NavItem } from './nav-sections';

export { currentNavHref, navSections, type NavGroupLabels, type NavIcon, type NavItem, type NavSection } from './nav-sections';

/** The nav items a role may see, from the one route table (lib/auth/routes.ts), with the counts it was given. */
export function navForRole(role: Role, counts: NavBadgeCounts = {}, routes: readonly ConsoleRoute[] = CONSOLE_ROUTES): NavItem[] {
  return routes.flatMap((route) => {
    if (!route.nav || !can(role, route.permission)) return [];
    const { label, icon, group, exact, badge } = route.nav;
    const count = badge ? counts[badge] : undefined;
    return [{ href: route.pattern, label, icon, group, ...(exact ? { exact } : {}), ...(count ? { count } : {}) }];
  });
}
