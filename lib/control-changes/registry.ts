import 'server-only';
import { eq } from 'drizzle-orm';
import { secondFactorPolicy, setSecondFactorRequired } from '@/lib/auth/factors/second-factor';
import { users } from '@/lib/db/schema';
import {
  describeChange,
  roleChangeWeakens,
  secondFactorWeakens,
  type ControlChangeKind,
  type ControlChangeStates,
  type RoleState,
  type SecondFactorState,
} from '@/lib/domain/control-changes';
import { changeRole } from '@/lib/team/users';
import { isUuid } from '@/lib/validation/uuid';
import type { KindHandler } from './kind-handler';
import { payoutPolicyKind } from './payout-policy-kind';

function sandboxMode(): 'on' | 'off' {
  // The default of the second-factor setting depends on it; lib/env.ts validated it at start-up.
  if (process.env.SANDBOX === 'off' || process.env.SANDBOX === 'on') return process.env.SANDBOX;
  return process.env.FX_API_BASE_URL ? 'off' : 'on';
}

function roleKind(kind: 'team.add-user' | 'team.change-role'): KindHandler<RoleState> {
  return {
    async current(db, after) {
      if (!isUuid(after.userId)) return null;
      const [row] = await db.select().from(users).where(eq(users.id, after.userId));
      // A disabled user is no subject for a promotion: enabling them again is its own decision.
      if (!row || row.disabledAt) return null;
      return { userId: row.id, email: row.email, name: row.name, role: row.role };
    },
    isWeakening: (before, after) => roleChangeWeakens(before.role, after.role),
    describe: (before, after) => describeChange(kind, before, after),
    same: (a, b) => a.userId === b.userId && a.role === b.role,
    async apply(db, after, by) {
      await changeRole(by, after.userId, after.role, db);
    },
  };
}

const secondFactorKind: KindHandler<SecondFactorState> = {
  async current(db) {
    return { required: (await secondFactorPolicy(db, sandboxMode())).required };
  },
  isWeakening: secondFactorWeakens,
  describe: (before, after) => describeChange('team.second-factor', before, after),
  same: (a, b) => a.required === b.required,
  async apply(db, after, by, at) {
    await setSecondFactorRequired(db, by, after.required, at);
  },
};

/** Every kind the console knows, with how to read, compare, describe and apply it. */
export const CONTROL_CHANGE_REGISTRY: { [K in ControlChangeKind]: KindHandler<ControlChangeStates[K]> } = {
  'team.add-user': roleKind('team.add-user'),
  'team.change-role': roleKind('team.change-role'),
  'team.second-factor': secondFactorKind,
  'payouts.policy': payoutPolicyKind,
};

export function handlerFor<K extends ControlChangeKind>(kind: K): KindHandler<ControlChangeStates[K]> {
  return CONTROL_CHANGE_REGISTRY[kind];
}
