// The nav's pure rules the browser needs (grouping, the current item): no permission table, so the client nav does not
// carry it. The items themselves are chosen on the server (./nav.ts, navForRole).
import { NAV_GROUPS, type NavGroupId, type NavIconName } from '@/lib/auth/routes';

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

function firstSegment(path: string): string {
  return path.split('/').filter(Boolean)[0] ?? '';
}

/**
 * The one nav item to mark current (aria-current) on `pathname`, or null. A section's page itself wins; else the
 * item whose page is the longest prefix of the path (`/accounts/acc_1` → Accounts, `/payouts/new` → Payouts); else
 * the item of the same first segment, so a detail page under an item whose page is not the section's root still
 * marks it (`/deposits/op_1` → Deposit at `/deposits/new`). `exact` items (`/`) match only themselves. Choosing one
 * item, instead of testing each on its own, is what keeps two items from ever being marked together.
 */
export function currentNavHref(items: readonly Pick<NavItem, 'href' | 'exact'>[], pathname: string): string | null {
  const path = pathname.split(/[?#]/)[0] || '/';
  const section = firstSegment(path);
  let best: { href: string; score: number } | null = null;
  for (const item of items) {
    let score = 0;
    if (path === item.href) score = Number.MAX_SAFE_INTEGER;
    else if (item.exact) score = 0;
    else if (path.startsWith(`${item.href}/`)) score = 1000 + item.href.length;
    else if (section !== '' && firstSegment(item.href) === section) score = 1;
    // Ties keep the first item in table order.
    if (score > 0 && (!best || score > best.score)) best = { href: item.href, score };
  }
  return best?.href ?? null;
}
