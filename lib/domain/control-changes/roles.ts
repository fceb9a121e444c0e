import type { Role } from '@/lib/auth/permissions';

// Apart from kinds.ts so the team's client forms can ask it without loading the policy rules (decimal.js).

/**
 * The roles holding `payouts:approve` and `team:manage` in lib/auth/permissions.ts (kept apart so lib/env can read
 * this folder's delay parser without importing the auth folder; a unit test holds them equal to the matrix).
 */
export const APPROVING_ROLES: readonly Role[] = ['admin', 'finance'];
export const TEAM_ROLES: readonly Role[] = ['admin'];

/**
 * A role change weakens the controls when the user gains the right to approve payouts (finance, admin) or to manage
 * the team (admin). Admin → finance and any move to compliance or viewer lose rights and apply at once.
 */
export function roleChangeWeakens(before: Role, after: Role): boolean {
  if (before === after) return false;
  const gainsApproval = !APPROVING_ROLES.includes(before) && APPROVING_ROLES.includes(after);
  const gainsTeam = !TEAM_ROLES.includes(before) && TEAM_ROLES.includes(after);
  return gainsApproval || gainsTeam;
}

/** The role a user added with a weakening role holds until a second admin agrees: it can read, not approve. */
export const ROLE_WHILE_PENDING: Role = 'viewer';
