import 'server-only';
import { secondFactorPolicy, usersWithoutFactor } from '@/lib/auth/factors/second-factor';
import { lockedEmails } from '@/lib/auth/lockout';
import { controlChangeDelayHours, listPendingControlChanges } from './service';
import { getDb } from '@/lib/db/client';
import type { RoleState } from '@/lib/domain/control-changes';
import { getEnv } from '@/lib/env';
import { listUsers, type PublicUser } from '@/lib/team/users';

/** One person as /team shows them: what the row's badges and buttons need. */
export type TeamMember = {
  user: PublicUser;
  locked: boolean;
  hasFactor: boolean;
  /** A role change waiting for a second admin (lib/control-changes). */
  pendingRole: RoleState['role'] | undefined;
  /** The only active admin: may be neither demoted nor disabled. */
  lastAdmin: boolean;
};

/** Everything /team shows: the people, the second-factor rule and what of theirs waits for a second admin. */
export async function loadTeam() {
  const db = await getDb();
  const [users, locked, withoutFactor, policy, pendingChanges] = await Promise.all([
    listUsers(),
    lockedEmails(),
    usersWithoutFactor(db),
    secondFactorPolicy(db, getEnv().SANDBOX),
    listPendingControlChanges(db),
  ]);
  const pendingRoles = new Map(
    pendingChanges
      .filter((c) => c.kind === 'team.add-user' || c.kind === 'team.change-role')
      .map((c) => [(c.after as RoleState).userId, (c.after as RoleState).role]),
  );
  const activeAdmins = users.filter((u) => u.role === 'admin' && !u.disabledAt).length;
  const members: TeamMember[] = users.map((user) => ({
    user,
    locked: locked.has(user.email),
    hasFactor: !withoutFactor.has(user.id),
    pendingRole: pendingRoles.get(user.id),
    lastAdmin: user.role === 'admin' && !user.disabledAt && activeAdmins <= 1,
  }));
  return {
    members,
    secondFactorRequired: policy.required,
    activeWithoutFactor: users.filter((u) => !u.disabledAt && withoutFactor.has(u.id)).map((u) => u.name),
    pendingSecondFactor: pendingChanges.find((c) => c.kind === 'team.second-factor') ?? null,
    pendingCount: pendingChanges.length,
    delayHours: controlChangeDelayHours(),
  };
}
