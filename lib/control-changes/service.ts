import 'server-only';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, ne } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit/record-audit';
import { now } from '@/lib/clock';
import { getDb, type ConsoleDb } from '@/lib/db/client';
import { controlChanges, users, type ControlChangeRow } from '@/lib/db/schema';
import { DEFAULT_CONTROL_CHANGE_DELAY_HOURS, parseControlChangeDelayHours } from '@/lib/config/control-change-delay';
import {
  decisionRefusal,
  pendingTimes,
  subjectOf,
  type ChangeRow,
  type ControlChangeKind,
  type ControlChangeStates,
  type ControlChangeStatus,
  type RoleState,
  APPROVING_ROLES,
} from '@/lib/domain/control-changes';
import { DomainError } from '@/lib/errors';
import { notify } from '@/lib/notifications/notify';
import { isUuid } from '@/lib/validation/uuid';
import { handlerFor } from './registry';
import type { ChangeActor } from './kind-handler';

/** `CONTROL_CHANGE_DELAY_HOURS` (validated at start-up by lib/env.ts). */
export function controlChangeDelayHours(): number {
  return parseControlChangeDelayHours(process.env.CONTROL_CHANGE_DELAY_HOURS) ?? DEFAULT_CONTROL_CHANGE_DELAY_HOURS;
}

export type ControlChange = Omit<ControlChangeRow, 'kind' | 'status'> & {
  kind: ControlChangeKind;
  status: ControlChangeStatus;
  rows: ChangeRow[];
};

function view(row: ControlChangeRow): ControlChange {
  const kind = row.kind as ControlChangeKind;
  const handler = handlerFor(kind) as ReturnType<typeof handlerFor<ControlChangeKind>>;
  return {
    ...row,
    kind,
    status: row.status as ControlChangeStatus,
    rows: handler.describe(row.before as never, row.after as never),
  };
}

const refusals = {
  OWN_CHANGE: ['CONTROL_CHANGE_OWN', 403],
  NOT_PENDING: ['CONTROL_CHANGE_NOT_PENDING', 409],
  EXPIRED: ['CONTROL_CHANGE_EXPIRED', 409],
} as const;

function refusal(code: keyof typeof refusals): DomainError {
  const [errorCode, status] = refusals[code];
  return new DomainError(errorCode, { httpStatus: status });
}

function notFound(): DomainError {
  return new DomainError('NOT_FOUND', { httpStatus: 404 });
}

async function otherActiveAdmins(db: ConsoleDb, actorId: string): Promise<number> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.disabledAt), ne(users.id, actorId)));
  return rows.length;
}

export type Proposal = { pending: null } | { pending: ControlChange };

/**
 * Turns a weakening change into a pending one and returns it; `{ pending: null }` when the change does not weaken
 * anything — the caller applies it at once, as before. At most one change per subject waits at a time.
 */
export async function proposeControlChange<K extends ControlChangeKind>(
  actor: ChangeActor,
  kind: K,
  after: ControlChangeStates[K],
  options: { db?: ConsoleDb; before?: ControlChangeStates[K] } = {},
): Promise<Proposal> {
  const db = options.db ?? (await getDb());
  const handler = handlerFor(kind);
  const before = options.before ?? (await handler.current(db, after));
  if (!before) throw new DomainError('NOT_FOUND', { httpStatus: 404 });
  if (!handler.isWeakening(before, after)) return { pending: null };
  const at = now();
  const times = pendingTimes({ at, otherActiveAdmins: await otherActiveAdmins(db, actor.id), delayHours: controlChangeDelayHours() });
  const subject = subjectOf(kind, after);
  const inserted = await db
    .insert(controlChanges)
    .values({
      kind,
      subject,
      before: before as unknown as Record<string, unknown>,
      after: after as unknown as Record<string, unknown>,
      requestedById: actor.id,
      requestedByEmail: actor.email,
      requestedAt: at,
      effectiveAt: times.effectiveAt,
      expiresAt: times.expiresAt,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted.length === 0) {
    throw new DomainError('CONTROL_CHANGE_ALREADY_PENDING', { httpStatus: 409 });
  }
  const change = view(inserted[0]);
  await recordAudit({
    actor,
    action: 'controlChanges.propose',
    target: change.id,
    outcome: 'success',
    details: { kind, subject, before, after, effectiveAt: change.effectiveAt?.toISOString() ?? null },
  });
  // Every other admin is told in the inbox (the banner tells them too, but only on a page they happen to open).
  // `what` is the kind's code: the inbox words it in the reader's language.
  await notify({ kind: 'control-change.pending', subjectId: change.id, actorId: actor.id, params: { what: kind, by: actor.email, link: '/team/changes' } });
  return { pending: change };
}

export type ApplyOutcome = 'APPLIED' | 'CANCELLED';

/**
 * Applies a change inside `tx` after its status moved to APPROVED (or, for a due delayed change, straight from
 * PENDING): re-reads the subject; if it moved on since the proposal, the change is CANCELLED as stale instead.
 */
async function applyInside(tx: ConsoleDb, row: ControlChangeRow, at: Date): Promise<ApplyOutcome> {
  const kind = row.kind as ControlChangeKind;
  const handler = handlerFor(kind) as ReturnType<typeof handlerFor<ControlChangeKind>>;
  const current = await handler.current(tx, row.after as never);
  if (!current || !handler.same(current, row.before as never)) {
    await tx.update(controlChanges).set({ status: 'CANCELLED', note: 'STALE', appliedAt: null }).where(eq(controlChanges.id, row.id));
    return 'CANCELLED';
  }
  await handler.apply(tx, row.after as never, { id: row.requestedById, email: row.requestedByEmail }, at);
  await tx.update(controlChanges).set({ status: 'APPLIED', appliedAt: at }).where(eq(controlChanges.id, row.id));
  return 'APPLIED';
}

async function auditApply(row: ControlChangeRow, outcome: ApplyOutcome, by: ChangeActor | null, db?: ConsoleDb): Promise<void> {
  await recordAudit(
    {
      actor: by ?? { id: null, email: 'system' },
      action: outcome === 'APPLIED' ? 'controlChanges.apply' : 'controlChanges.stale',
      target: row.id,
      outcome: 'success',
      details: { kind: row.kind, subject: row.subject, after: row.after, requestedBy: row.requestedByEmail, approvedBy: row.decidedByEmail },
    },
    db,
  );
}

/**
 * Another admin approves: PENDING → APPROVED → APPLIED in one transaction, guarded by the status, so two approvers
 * (or an approver and the sweep) racing give exactly one application. `verify` runs inside the transaction before
 * anything changes (the step-up check), on the transaction's connection (the embedded engine has only one).
 */
export async function approveControlChange(
  actor: ChangeActor,
  changeId: string,
  options: { verify?: (change: ControlChange, tx: ConsoleDb) => Promise<void> } = {},
): Promise<{ change: ControlChange; outcome: ApplyOutcome }> {
  if (!isUuid(changeId)) throw notFound();
  const db = await getDb();
  const at = now();
  const result = await db.transaction(async (t) => {
    const tx = t as unknown as ConsoleDb;
    const [row] = await tx.select().from(controlChanges).where(eq(controlChanges.id, changeId)).for('update');
    if (!row) throw notFound();
    const refused = decisionRefusal({ ...row, status: row.status as ControlChangeStatus }, actor.id, at);
    if (refused) throw refusal(refused);
    await options.verify?.(view(row), tx);
    const moved = await tx
      .update(controlChanges)
      .set({ status: 'APPROVED', decidedById: actor.id, decidedByEmail: actor.email, decidedAt: at })
      .where(and(eq(controlChanges.id, changeId), eq(controlChanges.status, 'PENDING')))
      .returning();
    if (moved.length === 0) throw refusal('NOT_PENDING');
    const outcome = await applyInside(tx, moved[0], at);
    const [after] = await tx.select().from(controlChanges).where(eq(controlChanges.id, changeId));
    return { row: after, outcome };
  });
  await auditApply(result.row, result.outcome, actor);
  return { change: view(result.row), outcome: result.outcome };
}

/**
 * The change `actor` is about to approve, or the refusal approving it would meet (decided, expired, their own):
 * the step-up is begun only for a change the actor could approve now.
 */
export async function changeToApprove(actor: ChangeActor, changeId: string): Promise<ControlChange> {
  if (!isUuid(changeId)) throw notFound();
  const db = await getDb();
  const [row] = await db.select().from(controlChanges).where(eq(controlChanges.id, changeId));
  if (!row) throw notFound();
  const refused = decisionRefusal({ ...row, status: row.status as ControlChangeStatus }, actor.id, now());
  if (refused) throw refusal(refused);
  return view(row);
}

/** Another admin rejects: nothing changes; the change ends REJECTED with the reason. */
export async function rejectControlChange(actor: ChangeActor, changeId: string, reason: string): Promise<ControlChange> {
  return decide(actor, changeId, 'REJECTED', reason, (row, at) => decisionRefusal({ ...row, status: row.status as ControlChangeStatus }, actor.id, at));
}

/** Its requester withdraws it. */
export async function cancelControlChange(actor: ChangeActor, changeId: string): Promise<ControlChange> {
  return decide(actor, changeId, 'CANCELLED', null, (row) => {
    if (row.status !== 'PENDING') return 'NOT_PENDING';
    return row.requestedById === actor.id ? null : 'OWN_CHANGE';
  });
}

async function decide(
  actor: ChangeActor,
  changeId: string,
  status: 'REJECTED' | 'CANCELLED',
  note: string | null,
  check: (row: ControlChangeRow, at: Date) => keyof typeof refusals | null,
): Promise<ControlChange> {
  if (!isUuid(changeId)) throw notFound();
  const db = await getDb();
  const at = now();
  const [row] = await db.select().from(controlChanges).where(eq(controlChanges.id, changeId));
  if (!row) throw notFound();
  const refused = check(row, at);
  if (refused === 'OWN_CHANGE' && status === 'CANCELLED') {
    throw new DomainError('CONTROL_CHANGE_NOT_YOURS', { httpStatus: 403 });
  }
  if (refused) throw refusal(refused);
  const moved = await db
    .update(controlChanges)
    .set({ status, decidedById: actor.id, decidedByEmail: actor.email, decidedAt: at, note })
    .where(and(eq(controlChanges.id, changeId), eq(controlChanges.status, 'PENDING')))
    .returning();
  if (moved.length === 0) throw refusal('NOT_PENDING');
  return view(moved[0]);
}

/**
 * The sweep's pass: applies delayed changes whose time has come, then expires unanswered ones. Each change moves
 * under a guarded update in its own transaction, so two console instances sweeping at once apply each change once.
 */
export async function applyDueControlChanges(at: Date = now()): Promise<{ applied: number; stale: number; expired: number }> {
  const db = await getDb();
  const due = await db
    .select({ id: controlChanges.id })
    .from(controlChanges)
    .where(and(eq(controlChanges.status, 'PENDING'), isNotNull(controlChanges.effectiveAt), lte(controlChanges.effectiveAt, at)))
    .orderBy(asc(controlChanges.effectiveAt));
  let applied = 0;
  let stale = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (t) => {
      const tx = t as unknown as ConsoleDb;
      const moved = await tx
        .update(controlChanges)
        .set({ status: 'APPROVED', decidedAt: at })
        .where(and(eq(controlChanges.id, id), eq(controlChanges.status, 'PENDING'), lte(controlChanges.effectiveAt, at)))
        .returning();
      if (moved.length === 0) return null;
      return { row: moved[0], outcome: await applyInside(tx, moved[0], at) };
    });
    if (!done) continue;
    if (done.outcome === 'APPLIED') applied++;
    else stale++;
    await auditApply(done.row, done.outcome, null);
  }
  const expired = await db
    .update(controlChanges)
    .set({ status: 'EXPIRED', decidedAt: at })
    .where(and(eq(controlChanges.status, 'PENDING'), lte(controlChanges.expiresAt, at)))
    .returning();
  for (const row of expired) {
    await recordAudit({ actor: { id: null, email: 'system' }, action: 'controlChanges.expire', target: row.id, outcome: 'success', details: { kind: row.kind } });
  }
  return { applied, stale, expired: expired.length };
}

export async function listPendingControlChanges(db?: ConsoleDb): Promise<ControlChange[]> {
  const database = db ?? (await getDb());
  const rows = await database.select().from(controlChanges).where(eq(controlChanges.status, 'PENDING')).orderBy(asc(controlChanges.requestedAt));
  return rows.map(view);
}

export async function listDecidedControlChanges(limit = 50): Promise<ControlChange[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(controlChanges)
    .where(inArray(controlChanges.status, ['APPROVED', 'REJECTED', 'APPLIED', 'CANCELLED', 'EXPIRED']))
    .orderBy(desc(controlChanges.requestedAt))
    .limit(limit);
  return rows.map(view);
}

/** The pending role change of a user, if any (the team page marks the row; the payout page explains the wait). */
export async function pendingRoleChangeFor(userId: string): Promise<ControlChange | null> {
  if (!isUuid(userId)) return null;
  const db = await getDb();
  const [row] = await db
    .select()
    .from(controlChanges)
    .where(and(eq(controlChanges.subject, `user:${userId}`), eq(controlChanges.status, 'PENDING')));
  return row ? view(row) : null;
}

/** The approving role (finance, admin) a user waits for, if a pending change would give them one. */
export async function pendingApprovingRoleFor(userId: string): Promise<RoleState['role'] | null> {
  const change = await pendingRoleChangeFor(userId);
  if (!change || (change.kind !== 'team.add-user' && change.kind !== 'team.change-role')) return null;
  const role = (change.after as RoleState).role;
  return APPROVING_ROLES.includes(role) ? role : null;
}
