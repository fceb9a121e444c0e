// No `server-only` here: drizzle-kit loads this file outside Next to generate migrations.
import { sql } from 'drizzle-orm';
import type { ApprovalPlan, TieredPolicy } from '../domain/payouts/approval-policy';
import { bigint, boolean, check, index, integer, jsonb, pgSchema, primaryKey, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';

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
    // When the user last GAINED the right to approve payouts (created with, or changed to, an approving role); null
    // while their role cannot approve. Approvers cool off after it (lib/domain/payouts/cool-off.ts). A row written
    // without it counts as gaining the right now: the safe side.
    approverSince: tz('approver_since').defaultNow(),
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
 * the lockout itself does not reveal which addresses have accounts. One row per (e-mail, client address) — the
 * fast lock, which a stranger elsewhere cannot trigger for someone else's address — and one row per e-mail with
 * `client_key = '*'`, the slower global threshold whose lock doubles at each level (lib/auth/lockout.ts).
 */
export const loginAttempts = consoleSchema.table(
  'login_attempts',
  {
    email: text('email').notNull(),
    clientKey: text('client_key').notNull().default('*'),
    failedCount: integer('failed_count').notNull().default(0),
    windowStart: tz('window_start').notNull(),
    lockedUntil: tz('locked_until'),
    lockLevel: integer('lock_level').notNull().default(0),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'login_attempts_email_client_pk', columns: [t.email, t.clientKey] })],
);

/**
 * Request-limit counters shared by every console instance on PostgreSQL (lib/security/rate-limits.ts). The layout is
 * rate-limiter-flexible's PostgreSQL store's own: key = `<limit>:<key>`, points used, expiry in epoch ms.
 */
export const rateLimitCounters = consoleSchema.table(
  'rate_limits',
  {
    key: varchar('key', { length: 255 }).primaryKey(),
    points: integer('points').notNull().default(0),
    expire: bigint('expire', { mode: 'number' }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);

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
    /**
     * Where the sign-in stands: `second-factor` (password accepted, factor not yet given), `enrol` (password
     * accepted, the team requires a factor the user has none of) or `complete`. Only `complete` opens the console
     * (lib/auth/session.ts); the stage never moves back, a finished step makes a new session row.
     */
    stage: text('stage', { enum: ['second-factor', 'enrol', 'complete'] }).notNull().default('complete'),
    /** How this session was authenticated, amr-like: `pwd`, `pwd+totp`, `pwd+webauthn`, `pwd+recovery`. */
    amr: text('amr').notNull().default('pwd'),
    /** When a second factor was last given in this session (removing a factor needs a recent one). */
    factorVerifiedAt: tz('factor_verified_at'),
    /** Wrong second-factor answers in this session; too many end it (the password must be given again). */
    factorFailures: integer('factor_failures').notNull().default(0),
    /** The one outstanding WebAuthn challenge of this session (registration or assertion), single use. */
    webauthnChallenge: text('webauthn_challenge'),
    webauthnChallengePurpose: text('webauthn_challenge_purpose', { enum: ['register', 'authenticate'] }),
    webauthnChallengeExpiresAt: tz('webauthn_challenge_expires_at'),
  },
  // last_seen_at / created_at: the retention sweep finds expired rows on them, oldest first (lib/retention-rules.ts).
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_last_seen_at_idx').on(t.lastSeenAt),
    index('sessions_created_at_idx').on(t.createdAt),
    check('sessions_stage_valid', sql`${t.stage} in ('second-factor', 'enrol', 'complete')`),
  ],
);

/** A user's passkeys (WebAuthn credentials). `id` is the credential id (base64url) the authenticator chose. */
export const webauthnCredentials = consoleSchema.table(
  'webauthn_credentials',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The signature counter last seen (0 for authenticators that do not count). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: tz('created_at').notNull().defaultNow(),
    lastUsedAt: tz('last_used_at'),
  },
  (t) => [index('webauthn_credentials_user_idx').on(t.userId)],
);

/**
 * A user's authenticator-app secret (TOTP), encrypted at rest (lib/auth/factors/secret-box.ts). A row with
 * `confirmed_at` null is a set-up in progress: it becomes a factor only once a code from the app was accepted.
 * `last_time_step` is the 30-second step of the last accepted code: a code of that step or earlier is refused.
 */
export const totpFactors = consoleSchema.table('totp_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEnc: text('secret_enc').notNull(),
  confirmedAt: tz('confirmed_at'),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  lastUsedAt: tz('last_used_at'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

/** Ten single-use recovery codes per user, only their SHA-256 kept; a new set replaces the old one. */
export const recoveryCodes = consoleSchema.table(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    usedAt: tz('used_at'),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

/**
 * Team-wide security settings, one row (`id = 1`). `second_factor_required` null means "the default": on when the
 * console is pointed at a real service (SANDBOX=off), off with the embedded sandbox (lib/auth/factors/policy.ts).
 */
export const teamSettings = consoleSchema.table(
  'team_settings',
  {
    id: integer('id').primaryKey(),
    secondFactorRequired: boolean('second_factor_required'),
    updatedById: uuid('updated_by_id'),
    updatedByEmail: text('updated_by_email'),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('team_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * Step-up challenges (transaction signing, lib/auth/step-up/service.ts): one row per statement shown to an approver.
 * `canonical` is the exact text signed and `digest` its SHA-256 (the WebAuthn challenge). A row is single use
 * (`used_at` set by a guarded update) and expires after a few minutes; kept in the database so a restart between
 * preview and approval leaves it valid until then.
 */
export const stepUpChallenges = consoleSchema.table(
  'step_up_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    subject: text('subject').notNull(),
    method: text('method', { enum: ['webauthn', 'totp'] }).notNull(),
    canonical: text('canonical').notNull(),
    digest: text('digest').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
  },
  (t) => [
    index('step_up_challenges_user_idx').on(t.userId),
    index('step_up_challenges_expires_at_idx').on(t.expiresAt),
    check('step_up_challenges_method_valid', sql`${t.method} in ('webauthn', 'totp')`),
  ],
);

export type StepUpChallengeRow = typeof stepUpChallenges.$inferSelect;
export type WebauthnCredentialRow = typeof webauthnCredentials.$inferSelect;
export type TotpFactorRow = typeof totpFactors.$inferSelect;

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
    // Ascending: read backwards it serves ORDER BY at DESC, id DESC (NULLS FIRST, the default). drizzle's .desc()
    // writes DESC NULLS LAST, which that order cannot use: the page sorted the whole table.
    index('audit_events_at_id_idx').on(t.at, t.id),
    index('audit_events_actor_idx').on(t.actorId),
    // Support looks a request id up (from a log line, an error message, the service's X-Request-Id) in the audit log.
    index('audit_events_correlation_idx').on(t.correlationId),
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
    /** The console's request id of the first receipt (its access log line names it); retries do not change it. */
    receiptRequestId: text('receipt_request_id'),
  },
  (t) => [
    uniqueIndex('received_events_message_id_key').on(t.messageId),
    index('received_events_received_at_idx').on(t.receivedAt),
    index('received_events_resource_idx').on(t.resourceKind, t.resourceId, t.seq),
  ],
);

export type ReceivedEventRow = typeof receivedEvents.$inferSelect;

/**
 * Payout requests (maker-checker). The service only ever sees the final withdrawal; the request, its approvals
 * and its history live here. `status` moves only through guarded updates (`WHERE id = $1 AND status = $2`),
 * see lib/payouts — that is what makes the withdrawal go out once.
 */
export const payoutRequests = consoleSchema.table(
  'payout_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requesterId: uuid('requester_id').notNull(),
    requesterEmail: text('requester_email').notNull(),
    requesterName: text('requester_name').notNull(),
    sourceAccountId: uuid('source_account_id').notNull(),
    sourceAccountName: text('source_account_name').notNull(),
    sourceAsset: text('source_asset').notNull(),
    beneficiaryId: uuid('beneficiary_id').notNull(),
    beneficiaryName: text('beneficiary_name').notNull(),
    instructionId: uuid('instruction_id').notNull(),
    targetAsset: text('target_asset').notNull(),
    dictKeyType: text('dict_key_type').notNull(),
    dictKey: text('dict_key').notNull(),
    fixedSide: text('fixed_side', { enum: ['source', 'target'] }).notNull(),
    /** Decimal string in the fixed side's asset. */
    amount: text('amount').notNull(),
    memo: text('memo').notNull().default(''),
    /** The quote seen at request time: `{id, rate:{value, base, quote}, sourceAmount, targetAmount, expiresAt}`. */
    indicativeQuote: jsonb('indicative_quote').$type<StoredQuote>().notNull(),
    /** Total approvals the plan asks for (the sum of its steps), for lists. */
    requiredApprovals: integer('required_approvals').notNull(),
    /**
     * Fixed at request time: the payout's value in the reference currency (amount, mid rate, quote id), the tier it
     * fell in and its ordered steps (lib/domain/payouts/approval-policy.ts). Null on requests from before tiers:
     * they keep `requiredApprovals` by any approver.
     */
    approvalPlan: jsonb('approval_plan').$type<ApprovalPlan>(),
    status: text('status').notNull(),
    /** Each re-quote during execution is a new quote intent with its own derived key. */
    quoteAttempt: integer('quote_attempt').notNull().default(0),
    /** Tolerance (bps) the approvals granted for a re-quote at execution time. */
    toleranceBps: text('tolerance_bps'),
    /** While EXECUTING: whoever holds the lease runs the execution; a lapsed lease is resumed by the sweep. */
    leaseUntil: tz('lease_until'),
    executedQuote: jsonb('executed_quote').$type<StoredQuote>(),
    operationId: uuid('operation_id'),
    operationStatus: text('operation_status'),
    failure: jsonb('failure').$type<{ code: string; message: string }>(),
    rejectionReason: text('rejection_reason'),
    decidedById: uuid('decided_by_id'),
    decidedByEmail: text('decided_by_email'),
    states: jsonb('states').$type<PayoutStateEntry[]>().notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    expiresAt: tz('expires_at').notNull(),
  },
  (t) => [
    check(
      'payout_requests_status_valid',
      sql`${t.status} in ('APPROVING', 'EXECUTING', 'PROCESSING', 'COMPLETED', 'FAILED', 'REJECTED', 'CANCELLED', 'EXPIRED')`,
    ),
    // Ascending, read backwards for the newest-first pages (see audit_events_at_id_idx).
    index('payout_requests_created_id_idx').on(t.createdAt, t.id),
    index('payout_requests_requester_created_idx').on(t.requesterId, t.createdAt, t.id),
    index('payout_requests_status_idx').on(t.status, t.expiresAt),
  ],
);

export type StoredQuote = {
  id: string;
  rate: { value: string; base: string; quote: string };
  sourceAmount: { value: string; asset: string };
  targetAmount: { value: string; asset: string };
  expiresAt: string;
};
export type PayoutStateEntry = { status: string; at: string; by?: string | null; note?: string | null };

/** One approval of one request. A request sent back for approval supersedes its earlier approvals. */
export const payoutApprovals = consoleSchema.table(
  'payout_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => payoutRequests.id, { onDelete: 'cascade' }),
    approverId: uuid('approver_id').notNull(),
    approverEmail: text('approver_email').notNull(),
    approverName: text('approver_name').notNull(),
    /** The fresh quote the approver was shown, and its drift against the indicative one. */
    freshQuote: jsonb('fresh_quote').$type<StoredQuote>().notNull(),
    driftBps: text('drift_bps').notNull(),
    acknowledged: boolean('acknowledged').notNull(),
    toleranceBps: text('tolerance_bps').notNull(),
    /** The plan step this approval counted for, and the approver's role then (the detail page shows who approved which). */
    step: integer('step').notNull().default(0),
    approverRole: text('approver_role'),
    createdAt: tz('created_at').notNull().defaultNow(),
    supersededAt: tz('superseded_at'),
  },
  (t) => [
    // One live approval per person per request: 20 concurrent clicks by one approver insert one row.
    uniqueIndex('payout_approvals_one_per_approver')
      .on(t.requestId, t.approverId)
      .where(sql`${t.supersededAt} is null`),
  ],
);

/** Fresh quotes shown to approvers, so an approve action trusts only a quote this server fetched. */
export const payoutQuotePreviews = consoleSchema.table(
  'payout_quote_previews',
  {
    quoteId: uuid('quote_id').primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => payoutRequests.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    quote: jsonb('quote').$type<StoredQuote>().notNull(),
    driftBps: text('drift_bps').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('payout_quote_previews_request_created_idx').on(t.requestId, t.userId, t.createdAt)],
);

/**
 * Before tiers: per source asset, amount thresholds → approvals required. Kept as it was, read only when the team has
 * no tiered policy yet (its reference-currency thresholds carry over: lib/domain/payouts/approval-policy.ts
 * `policyFromLegacy`).
 */
export const approvalPolicies = consoleSchema.table('approval_policies', {
  asset: text('asset').primaryKey(),
  rules: jsonb('rules').$type<Array<{ minAmount: string; approvals: 1 | 2 }>>().notNull(),
  updatedById: uuid('updated_by_id'),
  updatedByEmail: text('updated_by_email'),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/** The team's tiered approval policy in its reference currency: one row. Who changed it last is shown; every change is audited. */
export const payoutApprovalPolicy = consoleSchema.table(
  'payout_approval_policy',
  {
    id: text('id').primaryKey().default('team'),
    policy: jsonb('policy').$type<TieredPolicy>().notNull(),
    updatedById: uuid('updated_by_id'),
    updatedByEmail: text('updated_by_email'),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('payout_approval_policy_one_row', sql`${t.id} = 'team'`)],
);

export type PayoutRequestRow = typeof payoutRequests.$inferSelect;
export type PayoutApprovalRow = typeof payoutApprovals.$inferSelect;
export type ApprovalPolicyRow = typeof approvalPolicies.$inferSelect;

/**
 * "Replay many" jobs of the webhooks section: the console resends a set of failed delivery attempts in the
 * background. Every step is a row update, so a job survives page reloads and server restarts; the lease lets
 * one console process at a time work a job.
 */
export const webhookReplayJobs = consoleSchema.table(
  'webhook_replay_jobs',
  {
    id: uuid('id').primaryKey(),
    subscriptionId: text('subscription_id').notNull(),
    status: text('status', { enum: ['RUNNING', 'COMPLETED', 'CANCELLED'] }).notNull(),
    ratePerSecond: integer('rate_per_second').notNull().default(5),
    windowFrom: tz('window_from'),
    windowTo: tz('window_to'),
    eventTypes: jsonb('event_types').$type<string[]>().notNull(),
    total: integer('total').notNull(),
    createdById: uuid('created_by_id'),
    createdByEmail: text('created_by_email'),
    leaseOwner: text('lease_owner'),
    leaseUntil: tz('lease_until'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    finishedAt: tz('finished_at'),
  },
  (t) => [
    check('webhook_replay_jobs_status_valid', sql`${t.status} in ('RUNNING', 'COMPLETED', 'CANCELLED')`),
    index('webhook_replay_jobs_subscription_created_idx').on(t.subscriptionId, t.createdAt),
    index('webhook_replay_jobs_running_idx').on(t.status),
  ],
);

/** One attempt a replay job resends; `idempotency_key` is derived from (job id, log id), never random. */
export const webhookReplayItems = consoleSchema.table(
  'webhook_replay_items',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => webhookReplayJobs.id, { onDelete: 'cascade' }),
    logId: text('log_id').notNull(),
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    logCreatedAt: tz('log_created_at').notNull(),
    status: text('status', { enum: ['PENDING', 'SENDING', 'SENT', 'REFUSED', 'FAILED'] }).notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    idempotencyKey: uuid('idempotency_key').notNull(),
    notBefore: tz('not_before'),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.logId] }),
    check('webhook_replay_items_status_valid', sql`${t.status} in ('PENDING', 'SENDING', 'SENT', 'REFUSED', 'FAILED')`),
    index('webhook_replay_items_next_idx').on(t.jobId, t.status, t.logCreatedAt),
  ],
);

export type WebhookReplayJobRow = typeof webhookReplayJobs.$inferSelect;
export type WebhookReplayItemRow = typeof webhookReplayItems.$inferSelect;

/**
 * The team's own review of each beneficiary key (a payment instruction at the service), on top of the service's:
 * a person other than whoever added the key approves or rejects it once (lib/domain/beneficiaries/key-review.ts)
 * before a payout may use it. A key the service knows with no row here awaits review, creator unknown.
 * `proof` is the step-up proof of the decision (or `{ method: 'system' }` for the demo seed's own keys).
 */
export const beneficiaryKeyReviews = consoleSchema.table(
  'beneficiary_key_reviews',
  {
    instructionId: uuid('instruction_id').primaryKey(),
    beneficiaryId: uuid('beneficiary_id').notNull(),
    creatorId: uuid('creator_id'),
    creatorEmail: text('creator_email'),
    creatorName: text('creator_name'),
    createdAt: tz('created_at').notNull().defaultNow(),
    reviewerId: uuid('reviewer_id'),
    reviewerEmail: text('reviewer_email'),
    reviewerName: text('reviewer_name'),
    decision: text('decision', { enum: ['APPROVED', 'REJECTED'] }),
    decidedBySystem: boolean('decided_by_system').notNull().default(false),
    decidedAt: tz('decided_at'),
    reason: text('reason'),
    proof: jsonb('proof').$type<Record<string, unknown>>(),
  },
  (t) => [
    check('beneficiary_key_reviews_decision_valid', sql`${t.decision} is null or ${t.decision} in ('APPROVED', 'REJECTED')`),
    // Whoever added a key never decides it (the service checks it too; this is the last line).
    check('beneficiary_key_reviews_not_own', sql`${t.reviewerId} is null or ${t.creatorId} is null or ${t.reviewerId} <> ${t.creatorId}`),
    index('beneficiary_key_reviews_beneficiary_idx').on(t.beneficiaryId),
  ],
);

export type BeneficiaryKeyReviewRow = typeof beneficiaryKeyReviews.$inferSelect;

/**
 * The inbox: one row per (user, fact). `dedupe_key` names the fact (lib/domain/notifications/kinds.ts,
 * `dedupeKey`) and is unique per user, so a fact inserted twice — a retry, two instances, two sweeps — is one
 * item. Words are not stored: `kind` and `params` are worded in the reader's language when shown.
 */
export const notifications = consoleSchema.table(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    link: text('link').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    readAt: tz('read_at'),
  },
  (t) => [
    uniqueIndex('notifications_user_dedupe_key').on(t.userId, t.dedupeKey),
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    // Retention sweeps oldest first on this index (lib/db/retention.ts).
    index('notifications_created_idx').on(t.createdAt),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;

/** Kinds a user turned off (everything their role can receive is on unless a row says otherwise). */
export const notificationPreferences = consoleSchema.table(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * Low-balance alerts: an admin's threshold per account and asset. `below_since` is set by the one guarded update
 * that sees the balance under the threshold (that instant is the alert's occurrence) and cleared when it is back
 * at or above it, so one fall is one alert and the next fall is a new one.
 */
export const lowBalanceThresholds = consoleSchema.table(
  'low_balance_thresholds',
  {
    accountId: uuid('account_id').notNull(),
    asset: text('asset').notNull(),
    threshold: text('threshold').notNull(),
    belowSince: tz('below_since'),
    updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedByEmail: text('updated_by_email'),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.asset] })],
);

export type LowBalanceThresholdRow = typeof lowBalanceThresholds.$inferSelect;

/**
 * Saved views of the console's lists: a name for a list's filters as a canonical query string (the URL stays the
 * source of truth; lib/domain/saved-views). Personal, or shared with everyone who can read the list; an admin may
 * mark one shared view per list as the team's default.
 */
export const savedViews = consoleSchema.table(
  'saved_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    list: text('list', { enum: ['operations', 'payouts', 'audit', 'webhookLogs'] }).notNull(),
    name: text('name').notNull(),
    query: text('query').notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shared: boolean('shared').notNull().default(false),
    teamDefault: boolean('team_default').notNull().default(false),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('saved_views_list_valid', sql`${t.list} in ('operations', 'payouts', 'audit', 'webhookLogs')`),
    // A team default is always visible to the team.
    check('saved_views_team_default_shared', sql`not ${t.teamDefault} or ${t.shared}`),
    uniqueIndex('saved_views_owner_list_name_idx').on(t.ownerId, t.list, sql`lower(${t.name})`),
    uniqueIndex('saved_views_team_default_idx').on(t.list).where(sql`${t.teamDefault}`),
    index('saved_views_list_idx').on(t.list, t.shared),
  ],
);

/** Each user's own default view per list (any view they can see); a deleted view clears it. */
export const savedViewDefaults = consoleSchema.table(
  'saved_view_defaults',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    viewId: uuid('view_id')
      .notNull()
      .references(() => savedViews.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.list] })],
);

export type SavedViewRow = typeof savedViews.$inferSelect;

/**
 * Mid rates the console has been given by the service (a quote's `midRate`), one row per pair and instant: the
 * service has no rate history, so /convert draws a pair's recent movement from what the console itself observed.
 * Kept a few days (lib/balances/mid-rates.ts prunes).
 */
export const rateSamples = consoleSchema.table(
  'rate_samples',
  {
    base: text('base').notNull(),
    quote: text('quote').notNull(),
    /** Units of `quote` per one `base`, a decimal string as the service gave it. */
    rate: text('rate').notNull(),
    observedAt: tz('observed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.base, t.quote, t.observedAt] })],
);

/**
 * Control changes that weaken a control (lib/domain/control-changes): proposed by one admin, applied when another
 * approves — or, with no other active admin, by the sweep after CONTROL_CHANGE_DELAY_HOURS (`effective_at`). Every
 * status move is a guarded UPDATE … WHERE status = 'PENDING', so a change applies exactly once across instances.
 * At most one change per subject (a user, a policy asset, the team setting) waits at a time.
 */
export const controlChanges = consoleSchema.table(
  'control_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>().notNull(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['PENDING', 'APPROVED', 'REJECTED', 'APPLIED', 'CANCELLED', 'EXPIRED'] })
      .notNull()
      .default('PENDING'),
    requestedById: uuid('requested_by_id').notNull(),
    requestedByEmail: text('requested_by_email').notNull(),
    requestedAt: tz('requested_at').notNull().defaultNow(),
    // Set only when no other admin could approve: the change then takes effect by itself at this time.
    effectiveAt: tz('effective_at'),
    expiresAt: tz('expires_at').notNull(),
    decidedById: uuid('decided_by_id'),
    decidedByEmail: text('decided_by_email'),
    decidedAt: tz('decided_at'),
    appliedAt: tz('applied_at'),
    // Why it ended other than applied (a rejection's reason, 'STALE' when its subject changed meanwhile).
    note: text('note'),
  },
  (t) => [
    check('control_changes_status_valid', sql`${t.status} in ('PENDING', 'APPROVED', 'REJECTED', 'APPLIED', 'CANCELLED', 'EXPIRED')`),
    uniqueIndex('control_changes_one_pending_per_subject').on(t.subject).where(sql`${t.status} = 'PENDING'`),
    index('control_changes_status_effective_idx').on(t.status, t.effectiveAt),
    index('control_changes_requested_at_idx').on(t.requestedAt),
  ],
);

export type ControlChangeRow = typeof controlChanges.$inferSelect;

/**
 * Payout batches: one file of up to 1,000 rows, one request, one approval decision (the team's payout policy,
 * tiered by the batch's total in the reference currency), then one withdrawal per row. `status` and each row's
 * `status` move only through guarded updates checked against lib/domain/payout-batches/state-machine.ts; the
 * lease lets one console process at a time execute a batch (lib/payout-batches/executor.ts).
 */
export const payoutBatches = consoleSchema.table(
  'payout_batches',
  {
    /** The upload intent's idempotency key: a double submit is one batch. */
    id: uuid('id').primaryKey(),
    status: text('status', { enum: ['PENDING_APPROVAL', 'APPROVED', 'EXECUTING', 'COMPLETED', 'CANCELLED', 'REJECTED'] }).notNull(),
    requesterId: uuid('requester_id').notNull(),
    requesterEmail: text('requester_email').notNull(),
    requesterName: text('requester_name').notNull(),
    sourceAccountId: uuid('source_account_id').notNull(),
    sourceAccountName: text('source_account_name').notNull(),
    /** Data rows in the file, and the digest of the rows as read: fixed at preview, checked again at submit. */
    fileRowCount: integer('file_row_count').notNull(),
    fileDigest: text('file_digest').notNull(),
    /** Rows to pay (the file's valid rows), their digest (what the approver signs) and totals per asset. */
    rowCount: integer('row_count').notNull(),
    payableDigest: text('payable_digest').notNull(),
    totals: jsonb('totals').$type<Record<string, string>>().notNull(),
    referenceCurrency: text('reference_currency').notNull(),
    /** Null when some asset had no rate to value it at (the plan is then the strictest tier). */
    referenceTotal: text('reference_total'),
    /** Each asset's total in the reference currency (summing to `referenceTotal`): the daily cap counts paid rows. */
    referenceValues: jsonb('reference_values').$type<Record<string, string>>(),
    approvalPlan: jsonb('approval_plan').$type<ApprovalPlan>().notNull(),
    rejectionReason: text('rejection_reason'),
    decidedByEmail: text('decided_by_email'),
    leaseOwner: text('lease_owner'),
    leaseUntil: tz('lease_until'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    finishedAt: tz('finished_at'),
  },
  (t) => [
    check('payout_batches_status_valid', sql`${t.status} in ('PENDING_APPROVAL', 'APPROVED', 'EXECUTING', 'COMPLETED', 'CANCELLED', 'REJECTED')`),
    index('payout_batches_created_id_idx').on(t.createdAt, t.id),
    index('payout_batches_status_idx').on(t.status),
    // The requester's day so far (the daily cap counts their batches beside their single payouts).
    index('payout_batches_requester_day_idx').on(t.requesterId, t.createdAt),
  ],
);

/** One row of a batch; `line` is its line in the uploaded file (header = 1) and, with the batch id, its keys. */
export const payoutBatchRows = consoleSchema.table(
  'payout_batch_rows',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => payoutBatches.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    beneficiaryId: uuid('beneficiary_id').notNull(),
    beneficiaryName: text('beneficiary_name').notNull(),
    instructionId: uuid('instruction_id').notNull(),
    taxId: text('tax_id').notNull(),
    dictKey: text('dict_key').notNull(),
    amount: text('amount').notNull(),
    asset: text('asset').notNull(),
    memo: text('memo').notNull().default(''),
    status: text('status', { enum: ['PENDING', 'SUBMITTING', 'CREATED', 'COMPLETED', 'FAILED', 'CANCELLED'] }).notNull().default('PENDING'),
    quoteAttempt: integer('quote_attempt').notNull().default(0),
    operationId: uuid('operation_id'),
    operationStatus: text('operation_status'),
    failure: jsonb('failure').$type<{ code: string; message: string }>(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.line] }),
    check('payout_batch_rows_status_valid', sql`${t.status} in ('PENDING', 'SUBMITTING', 'CREATED', 'COMPLETED', 'FAILED', 'CANCELLED')`),
    index('payout_batch_rows_next_idx').on(t.batchId, t.status, t.line),
    // The sweep follows created withdrawals, longest unchecked first, across batches.
    index('payout_batch_rows_following_idx').on(t.status, t.updatedAt),
  ],
);

/** One approval of one batch (the plan's steps, as for a single payout); one per person. */
export const payoutBatchApprovals = consoleSchema.table(
  'payout_batch_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => payoutBatches.id, { onDelete: 'cascade' }),
    approverId: uuid('approver_id').notNull(),
    approverEmail: text('approver_email').notNull(),
    approverName: text('approver_name').notNull(),
    approverRole: text('approver_role').notNull(),
    step: integer('step').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payout_batch_approvals_one_per_approver').on(t.batchId, t.approverId)],
);

export type PayoutBatchRow = typeof payoutBatches.$inferSelect;
export type PayoutBatchLineRow = typeof payoutBatchRows.$inferSelect;
export type PayoutBatchApprovalRow = typeof payoutBatchApprovals.$inferSelect;
