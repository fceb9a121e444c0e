import 'server-only';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { DomainError } from '../errors';
import { getDb, type ConsoleDb } from '../db/client';
import { users, type UserRow } from '../db/schema';
import { now } from '../clock';
import { hashPassword, verifyPassword } from '../auth/password';
import { emailSchema, passwordSchema } from '../domain/team/password-policy';
import { can, isRole, type Role } from '../auth/permissions';
import { approverSinceAfter } from '../domain/payouts/cool-off';
import { deleteUserSessions, invalidateUserSessions } from '../auth/sessions';
import { isUuid } from '../validation/uuid';
import { passwordStrengthProblem } from './password-strength';

export type PublicUser = Pick<
  UserRow,
  'id' | 'email' | 'name' | 'role' | 'mustChangePassword' | 'disabledAt' | 'lastSignInAt' | 'createdAt'
>;
type Actor = { id: string };


/** A malformed id is simply "no such user" (PostgreSQL would otherwise reject it as an invalid uuid). */
function notFound(): DomainError {
  return new DomainError('NOT_FOUND', { httpStatus: 404 });
}

const publicColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  mustChangePassword: users.mustChangePassword,
  disabledAt: users.disabledAt,
  lastSignInAt: users.lastSignInAt,
  createdAt: users.createdAt,
};

export async function listUsers(db?: ConsoleDb): Promise<PublicUser[]> {
  const database = db ?? (await getDb());
  return database.select(publicColumns).from(users).orderBy(asc(users.name), asc(users.email));
}

export async function getUser(userId: string, db?: ConsoleDb): Promise<PublicUser | null> {
  if (!isUuid(userId)) return null;
  const database = db ?? (await getDb());
  const [row] = await database.select(publicColumns).from(users).where(eq(users.id, userId));
  return row ?? null;
}

function firstIssue(result: { success: boolean; error?: { issues: { message: string }[] } }): string {
  return result.error?.issues[0]?.message ?? 'INVALID_FIELD';
}

export async function createUser(
  input: { name: string; email: string; role: Role; password: string; mustChangePassword?: boolean },
  db?: ConsoleDb,
): Promise<PublicUser> {
  const database = db ?? (await getDb());
  const email = emailSchema.safeParse(input.email);
  if (!email.success) throw new DomainError('INVALID_INPUT', { fields: { email: firstIssue(email) } });
  const name = input.name?.trim();
  if (!name) throw new DomainError('INVALID_INPUT', { fields: { name: 'nameRequired' } });
  if (!isRole(input.role)) throw new DomainError('INVALID_INPUT', { fields: { role: 'roleRequired' } });
  const password = passwordSchema.safeParse(input.password);
  if (!password.success) {
    throw new DomainError('WEAK_PASSWORD', { fields: { password: firstIssue(password) } });
  }
  const weak = passwordStrengthProblem(input.password, { email: email.data, name });
  if (weak) throw new DomainError('WEAK_PASSWORD', { fields: { password: weak } });
  const at = now();
  const passwordHash = await hashPassword(input.password);
  const [row] = await database
    .insert(users)
    .values({
      email: email.data,
      name,
      role: input.role,
      passwordHash,
      mustChangePassword: input.mustChangePassword ?? false,
      // Created with the right to approve payouts: the approver cool-off starts now.
      approverSince: can(input.role, 'payouts:approve') ? at : null,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing({ target: users.email })
    .returning(publicColumns);
  if (!row) {
    throw new DomainError('EMAIL_TAKEN', { fields: {
      email: 'emailTaken', // field errors are `validation` catalogue keys
    }, httpStatus: 409 });
  }
  return row;
}

/**
 * Runs `change` unless it would leave no enabled admin. Every enabled admin row (in id order, so concurrent
 * callers queue instead of deadlocking) and the target are locked FOR UPDATE and re-read inside the
 * transaction: two admins demoting each other at the same moment cannot both succeed.
 */
async function withLastAdminGuard<T>(
  database: ConsoleDb,
  targetId: string,
  losesAdmin: boolean,
  change: (tx: ConsoleDb, target: UserRow) => Promise<T>,
): Promise<T> {
  if (!isUuid(targetId)) throw notFound();
  return database.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)))
      .orderBy(asc(users.id))
      .for('update');
    const [target] = await tx.select().from(users).where(eq(users.id, targetId)).for('update');
    if (!target) throw notFound();
    const isActiveAdmin = target.role === 'admin' && !target.disabledAt;
    if (losesAdmin && isActiveAdmin && !admins.some((a) => a.id !== target.id)) {
      throw new DomainError('LAST_ADMIN', { httpStatus: 409 });
    }
    return change(tx as unknown as ConsoleDb, target);
  });
}

async function loadTarget(database: ConsoleDb, userId: string): Promise<UserRow> {
  if (!isUuid(userId)) throw notFound();
  const [target] = await database.select().from(users).where(eq(users.id, userId));
  if (!target) throw notFound();
  return target;
}

/** Takes effect on the user's next request (getCurrentUser reads the role each time). */
export async function changeRole(_actor: Actor, userId: string, role: Role, db?: ConsoleDb): Promise<PublicUser> {
  const database = db ?? (await getDb());
  if (!isRole(role)) throw new DomainError('INVALID_INPUT', { fields: { role: 'roleRequired' } });
  const updated = await withLastAdminGuard(database, userId, role !== 'admin', async (tx, target) => {
    if (target.role === role) return (await getUser(userId, tx))!;
    const at = now();
    const approverSince = approverSinceAfter(
      { couldApprove: can(target.role, 'payouts:approve'), canApprove: can(role, 'payouts:approve'), approverSince: target.approverSince },
      at,
    );
    const [row] = await tx
      .update(users)
      .set({ role, roleVersion: sql`${users.roleVersion} + 1`, approverSince, updatedAt: at })
      .where(eq(users.id, userId))
      .returning(publicColumns);
    return row;
  });
  // After the commit: the user's cached session rows (lib/auth/session-cache.ts) carry the old role.
  await invalidateUserSessions(userId);
  return updated;
}

/** Disabling ends every session of the user at once; enabling lets them sign in again. */
export async function setDisabled(actor: Actor, userId: string, disabled: boolean, db?: ConsoleDb): Promise<PublicUser> {
  const database = db ?? (await getDb());
  if (disabled && actor.id === userId) {
    throw new DomainError('SELF_DISABLE', { httpStatus: 409 });
  }
  const updated = await withLastAdminGuard(database, userId, disabled, async (tx, target) => {
    const at = now();
    const [row] = await tx
      .update(users)
      .set({ disabledAt: disabled ? (target.disabledAt ?? at) : null, updatedAt: at })
      .where(eq(users.id, userId))
      .returning(publicColumns);
    if (disabled) await deleteUserSessions(tx, userId);
    return row;
  });
  // Again after the commit: a request that read the rows while the transaction was open may have cached them.
  await invalidateUserSessions(userId);
  return updated;
}

/**
 * Checks the current password, stores the new one, clears must-change, and ends the user's other sessions
 * (pass the current session id to keep it).
 */
export async function changePassword(
  userId: string,
  current: string,
  next: string,
  opts: { keepSessionId?: string } = {},
  db?: ConsoleDb,
): Promise<void> {
  const database = db ?? (await getDb());
  const target = await loadTarget(database, userId);
  if (!(await verifyPassword(current, target.passwordHash))) {
    throw new DomainError('WRONG_PASSWORD', { fields: {
      currentPassword: 'wrongPassword',
    } });
  }
  const parsed = passwordSchema.safeParse(next);
  if (!parsed.success) {
    throw new DomainError('WEAK_PASSWORD', { fields: { newPassword: firstIssue(parsed) } });
  }
  if (current === next) {
    throw new DomainError('SAME_PASSWORD', { fields: {
      newPassword: 'passwordUnchanged',
    } });
  }
  const weak = passwordStrengthProblem(next, { email: target.email, name: target.name });
  if (weak) throw new DomainError('WEAK_PASSWORD', { fields: { newPassword: weak } });
  const passwordHash = await hashPassword(next);
  await database
    .update(users)
    .set({ passwordHash, mustChangePassword: false, updatedAt: now() })
    .where(eq(users.id, userId));
  await deleteUserSessions(database, userId, opts.keepSessionId);
}
