import { can, type Permission, type Role } from '@/lib/auth/permissions';

export type NavIcon = 'home' | 'accounts' | 'team' | 'beneficiaries' | 'convert' | 'payouts' | 'operations' | 'webhooks' | 'audit';

export type NavItem = {
  href: string;
  label: string;
  icon: NavIcon;
  /** The item shows only to roles holding this permission; the page re-checks on the server. */
  permission: Permission;
  /** `/` must match exactly, sections match their sub-pages too. */
  exact?: boolean;
};

/** The console's sections. A new section is one line here (and its page calls requireUser with the same permission). */
export const NAV_ITEMS: readonly NavItem[] = [
  { href: '/', label: 'Overview', icon: 'home', permission: 'overview:read', exact: true },
  { href: '/accounts', label: 'Accounts', icon: 'accounts', permission: 'accounts:read' },
  { href: '/team', label: 'Team', icon: 'team', permission: 'team:manage' },
];

export function navForRole(role: Role): NavItem[] {
  return NAV_ITEMS.filter((item) => can(role, item.permission));
}

export function isActive(item: Pick<NavItem, 'href' | 'exact'>, pathname: string): boolean {
  if (item.exact) return pathname === item.href;
  return pathname === item.href || pathname.startsWith(`${item.href}/`);
}

/**
 * Pages inside a section that need more than the section's read permission. The layout checks these before the
 * page streams, so a refusal is a real HTTP 403 rather than a 403 page sent with status 200.
 */
const STRICTER_PATHS: ReadonlyArray<{ href: string; permission: Permission }> = [
  { href: '/accounts/new', permission: 'accounts:create' },
];

/** The permission a console path needs: a stricter page's, else its section's (null outside the known sections). */
export function permissionForPath(pathWithQuery: string): Permission | null {
  const pathname = pathWithQuery.split(/[?#]/)[0] || '/';
  const stricter = STRICTER_PATHS.find((candidate) => isActive(candidate, pathname));
  if (stricter) return stricter.permission;
  const item = NAV_ITEMS.find((candidate) => isActive(candidate, pathname));
  return item?.permission ?? null;
}
