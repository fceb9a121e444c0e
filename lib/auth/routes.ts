// Client-safe on purpose (pure data): the shell builds the nav from it, the console layout and every page check
// it on the server. A new page adds ONE row here; a test fails while a page under app/(console) has none.
import type { Permission } from './permissions';

export type NavIconName =
  | 'home'
  | 'accounts'
  | 'team'
  | 'beneficiaries'
  | 'convert'
  | 'deposit'
  | 'transfer'
  | 'payouts'
  | 'operations'
  | 'webhooks'
  | 'audit';

/**
 * Nav groups in display order; a group without visible items is not rendered. `label` is a key of the `shell`
 * catalogue's `navGroups` (translated by the console layout); `null` = no heading.
 */
export const NAV_GROUPS = [
  { id: 'main', label: null },
  { id: 'move-money', label: 'moveMoney' },
  { id: 'admin', label: null },
] as const satisfies readonly { id: string; label: string | null }[];
export type NavGroupId = (typeof NAV_GROUPS)[number]['id'];

/**
 * Counts a nav item may show (e.g. payouts waiting for my approval). The layout computes the counts it knows
 * for the signed-in user and passes them to `navForRole`; an item names the count it shows with `badge`.
 */
export type NavBadgeId = 'payouts-awaiting-my-approval';
export type NavBadgeCounts = Partial<Record<NavBadgeId, number>>;

export interface ConsoleRoute {
  /** The page's path as its folder under app/(console): `/accounts/[accountId]`. */
  readonly pattern: string;
  /** Needed to open the page (and shown in the nav only to roles holding it). */
  readonly permission: Permission;
  readonly nav?: {
    /** A key of the `shell` catalogue's `nav` (`shell.nav.<label>`), translated by the console layout. */
    readonly label: string;
    readonly icon: NavIconName;
    readonly group: NavGroupId;
    /** `/` must match exactly; sections also mark their sub-pages as current. */
    readonly exact?: boolean;
    readonly badge?: NavBadgeId;
  };
}

/** THE route → permission table. Rows of one section stay together; nav items show in this order. */
export const CONSOLE_ROUTES = [
  { pattern: '/', permission: 'overview:read', nav: { label: 'home', icon: 'home', group: 'main', exact: true } },
  { pattern: '/accounts', permission: 'accounts:read', nav: { label: 'accounts', icon: 'accounts', group: 'main' } },
  { pattern: '/accounts/new', permission: 'accounts:create' },
  { pattern: '/accounts/[accountId]', permission: 'accounts:read' },
  { pattern: '/operations', permission: 'operations:read', nav: { label: 'operations', icon: 'operations', group: 'main' } },
  { pattern: '/operations/[operationId]', permission: 'operations:read' },
  { pattern: '/beneficiaries', permission: 'beneficiaries:read', nav: { label: 'beneficiaries', icon: 'beneficiaries', group: 'main' } },
  { pattern: '/beneficiaries/new', permission: 'beneficiaries:create' },
  { pattern: '/beneficiaries/[beneficiaryId]', permission: 'beneficiaries:read' },
  { pattern: '/convert', permission: 'operations:create', nav: { label: 'convert', icon: 'convert', group: 'move-money' } },
  { pattern: '/deposits/new', permission: 'operations:create', nav: { label: 'deposit', icon: 'deposit', group: 'move-money' } },
  // A deposit's payment instructions: readable by whoever reads operations; paying it (sandbox) needs operations:create.
  { pattern: '/deposits/[operationId]', permission: 'operations:read' },
  { pattern: '/transfers/new', permission: 'operations:create', nav: { label: 'transfer', icon: 'transfer', group: 'move-money' } },
  // Payout requests are read by every role that reads operations (a payout ends as a withdrawal); acting on one
  // needs payouts:request / payouts:approve, checked again by each action.
  {
    pattern: '/payouts',
    permission: 'operations:read',
    nav: { label: 'payouts', icon: 'payouts', group: 'move-money', badge: 'payouts-awaiting-my-approval' },
  },
  { pattern: '/payouts/new', permission: 'payouts:request' },
  { pattern: '/payouts/[payoutId]', permission: 'operations:read' },
  // Batch payouts (a file of up to 1,000 rows): only for the roles that request payouts (approvers all do).
  { pattern: '/payouts/batches', permission: 'payouts:request' },
  { pattern: '/payouts/batches/new', permission: 'payouts:request' },
  { pattern: '/payouts/batches/[batchId]', permission: 'payouts:request' },
  { pattern: '/webhooks', permission: 'webhooks:read', nav: { label: 'webhooks', icon: 'webhooks', group: 'admin' } },
  { pattern: '/webhooks/[subscriptionId]', permission: 'webhooks:read' },
  { pattern: '/team', permission: 'team:manage', nav: { label: 'team', icon: 'team', group: 'admin' } },
  // Control changes waiting for a second admin, and their history (lib/control-changes).
  { pattern: '/team/changes', permission: 'team:manage' },
  { pattern: '/audit', permission: 'audit:read', nav: { label: 'audit', icon: 'audit', group: 'admin' } },
  // Everyone's own second factors (from the user menu); every role holds overview:read.
  { pattern: '/account/security', permission: 'overview:read' },
  // Everyone's own inbox (from the header's bell); what each role receives is decided per kind.
  { pattern: '/notifications', permission: 'overview:read' },
] as const satisfies readonly ConsoleRoute[];

export type RoutePattern = (typeof CONSOLE_ROUTES)[number]['pattern'];

const ROUTES: readonly ConsoleRoute[] = CONSOLE_ROUTES;

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

function isDynamic(segment: string): boolean {
  return segment.startsWith('[') && segment.endsWith(']');
}

/** How well `pattern` matches `path` segment by segment: null if it does not; more static segments win. */
function score(pattern: string[], path: string[]): number | null {
  if (pattern.length !== path.length) return null;
  let statics = 0;
  for (let i = 0; i < pattern.length; i++) {
    if (isDynamic(pattern[i])) continue;
    if (pattern[i] !== path[i]) return null;
    statics++;
  }
  return statics;
}

/**
 * The route a console path belongs to: the exact page (`/accounts/new` beats `/accounts/[accountId]`), else its
 * nearest ancestor page (so an unknown sub-path still needs its section's permission). Null outside the console.
 */
export function routeForPath(pathWithQuery: string): ConsoleRoute | null {
  const pathname = pathWithQuery.split(/[?#]/)[0] || '/';
  const path = segments(pathname);
  for (let length = path.length; length >= 0; length--) {
    const prefix = path.slice(0, length);
    let best: { route: ConsoleRoute; score: number } | null = null;
    for (const route of ROUTES) {
      const s = score(segments(route.pattern), prefix);
      if (s !== null && (!best || s > best.score)) best = { route, score: s };
    }
    // `/` is only the overview itself, never the ancestor of an unknown path.
    if (best && (length > 0 || path.length === 0)) return best.route;
  }
  return null;
}

/** The permission a console path needs (null outside the known routes, e.g. /change-password). */
export function permissionForPath(pathWithQuery: string): Permission | null {
  return routeForPath(pathWithQuery)?.permission ?? null;
}

/** The permission of a page, by its pattern (typed: a typo does not compile). */
export function permissionForRoute(pattern: RoutePattern): Permission {
  return ROUTES.find((route) => route.pattern === pattern)!.permission;
}
