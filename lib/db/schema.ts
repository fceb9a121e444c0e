// No `server-only` here: drizzle-kit loads this file outside Next to generate migrations.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgSchema, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Console-owned tables live in their own schema; the embedded sandbox owns `sandbox` in the same database. */
export const consoleSchema = pgSchema('console');

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = consoleSchema.table(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    role: text('role', { enum: ['admin', 'compliance', 'finance', 'viewer'] }).notNull(),
    passwordHash: text('password_hash').notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    disabledAt: tz('disabled_at'),
    // Bumped on every role change so a session can tell its role snapshot is stale.
    roleVersion: integer('role_version').notNull().default(1),
    lastSignInAt: tz('last_sign_in_at'),
    // Chosen in the user menu. Null means "not chosen": the locale then follows Accept-Language and the time
    // zone follows the browser (lib/i18n/request-context.ts).
    locale: text('locale'),
    timeZone: text('time_zone'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('users_role_valid', sql`${t.role} in ('admin', 'compliance', 'finance', 'viewer')`),
  ],
);

/**
 * Failed sign-in counters keyed by e-mail, not by user: unknown e-mails lock out exactly like known ones, so
 * the lockout itself does not reveal which addresses have accounts.
 */
export const loginAttempts = consoleSchema.table('login_attempts', {
  email: text('email').primaryKey(),
  failedCount: integer('failed_count').notNull().default(0),
  windowStart: tz('window_start').notNull(),
  lockedUntil: tz('locked_until'),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/** Server-side session rows: the JWT only carries `sid`, so deleting a row ends the session at once. */
export const sessions = consoleSchema.table(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleVersion: integer('role_version').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    lastSeenAt: tz('last_seen_at').notNull().defaultNow(),
    userAgentHash: text('user_agent_hash'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const auditEvents = consoleSchema.table(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: tz('at').notNull().defaultNow(),
    // No FK: the log must outlive (and never block changes to) the users it mentions.
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    target: text('target'),
    outcome: text('outcome', { enum: ['success', 'denied', 'error'] }).notNull(),
    correlationId: text('correlation_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [
    check('audit_events_outcome_valid', sql`${t.outcome} in ('success', 'denied', 'error')`),
    index('audit_events_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_events_actor_idx').on(t.actorId),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type AuditEventRow = typeof auditEvents.$inferSelect;
export type LoginAttemptRow = typeof loginAttempts.$inferSelect;

/**
 * Webhook deliveries the console received at `/api/webhooks`. `message_id` is unique: the service re-delivers
 * (retries, resends, a crash mid-attempt) with the same `X-Message-Id`, and a repeat must have no second effect.
 * `seq` orders the live channel (`Last-Event-ID` resumes after it). Rows older than 30 days are swept.
 */
export const receivedEvents = consoleSchema.table(
  'received_events',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    resourceKind: text('resource_kind'),
    resourceId: text('resource_id'),
    companyId: text('company_id'),
    atTime: tz('at_time'),
    payload: jsonb('payload').notNull(),
    receivedAt: tz('received_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('received_events_message_id_key').on(t.messageId),
    index('received_events_received_at_idx').on(t.receivedAt),
    index('received_events_resource_idx').on(t.resourceKind, t.resourceId, t.seq),
  ],
);

export type ReceivedEventRow = typeof receivedEvents.$inferSelect;
