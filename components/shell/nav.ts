import { can, type Role } from '@/lib/auth/permissions';
import {
  CONSOLE_ROUTES,
  NAV_GROUPS,
  type ConsoleRoute,
  type NavBadgeCounts,
  type NavGroupId,
  type NavIconName,
} from '@/lib/auth/routes';

export type NavIcon = NavIconName;

export type NavItem = {
  href: string;
  label: string;
  icon: NavIcon;
  group: NavGroupId;
  /** `/` must match exactly, sections match their sub-pages too. */
  exact?: boolean;
  /** A count to show beside the label (e.g. payouts waiting for my approval); hidden when 0 or absent. */
  count?: number;
};

export type NavSection = { id: NavGroupId; label: string | null; items: NavItem[] };

/** The nav items a role may see, from the one route table (lib/auth/routes.ts), with the counts it was given. */
export function navForRole(role: Role, counts: NavBadgeCounts = {}, routes: readonly ConsoleRoute[] = CONSOLE_ROUTES): NavItem[] {
  return routes.flatMap((route) => {
    if (!route.nav || !can(role, route.permission)) return [];
    const { label, icon, group, exact, badge } = route.nav;
    const count = badge ? counts[badge] : undefined;
    return [{ href: route.pattern, label, icon, group, ...(exact ? { exact } : {}), ...(count ? { count } : {}) }];
  });
}

/** Group headings in the reader's language, by group id (the layout translates NAV_GROUPS' keys). */
export type NavGroupLabels = Partial<Record<NavGroupId, string>>;

/** Items by group, in NAV_GROUPS order; empty groups are dropped. A heading shows when the group has a label key. */
export function navSections(items: NavItem[], groupLabels: NavGroupLabels = {}): NavSection[] {
  return NAV_GROUPS.map((group) => ({
    id: group.id,
    label: group.label === null ? null : (groupLabels[group.id] ?? group.label),
    items: items.filter((i) => i.group === group.id),
  })).filter(
    (section) => section.items.length > 0,
  );
}

export function isActive(item: Pick<NavItem, 'href' | 'exact'>, pathname: string): boolean {
  if (item.exact) return pathname === item.href;
  return pathname === item.href || pathname.startsWith(`${item.href}/`);
}
