// Pure: what the inbox can hold, who receives each kind, where each item leads, and the key that makes one fact
// one item. Shared by the server (creation) and the browser (wording, preferences form).
import { can, type Permission, type Role } from '@/lib/auth/permissions';

/** Items per page of the /notifications list (the server reads the first page with the page, the browser the rest). */
export const INBOX_PAGE_SIZE = 20;

export const NOTIFICATION_KINDS = [
  'payout.awaiting-approval',
  'payout.approved',
  'payout.rejected',
  'payout.executed',
  'payout.failed',
  'payout-batch.awaiting-approval',
  'payout-batch.approved',
  'payout-batch.rejected',
  'payout-batch.completed',
  'payout-batch.rows-failed',
  'control-change.pending',
  'account.action-needed',
  'operation.stuck',
  'webhook.failing',
  'balance.low',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

/** Items are kept this long, then swept (lib/notifications/retention.ts). */
export const NOTIFICATION_RETENTION_DAYS = 90;

/**
 * Who a kind may reach, by permission: someone who can act on it. `requester` kinds go only to the person the
 * fact is about (their own payout) and need no more than reading payouts (every role that can request one has it).
 */
type Audience = { kind: 'permission'; permission: Permission } | { kind: 'subject' };

const AUDIENCE: Readonly<Record<NotificationKind, Audience>> = {
  'payout.awaiting-approval': { kind: 'permission', permission: 'payouts:approve' },
  'payout.approved': { kind: 'subject' },
  'payout.rejected': { kind: 'subject' },
  'payout.executed': { kind: 'subject' },
  'payout.failed': { kind: 'subject' },
  'payout-batch.awaiting-approval': { kind: 'permission', permission: 'payouts:approve' },
  // The outcomes of a batch go to its requester, as a single payout's.
  'payout-batch.approved': { kind: 'subject' },
  'payout-batch.rejected': { kind: 'subject' },
  'payout-batch.completed': { kind: 'subject' },
  'payout-batch.rows-failed': { kind: 'subject' },
  // A second admin confirms a control change (team, factors, policies): only admins manage the team.
  'control-change.pending': { kind: 'permission', permission: 'team:manage' },
  // Documents and answers to the service's requirements are sent by whoever onboards accounts.
  'account.action-needed': { kind: 'permission', permission: 'accounts:documents' },
  // Stuck money and low balances are for the people who move money (they fund, retry, or call the service).
  'operation.stuck': { kind: 'permission', permission: 'operations:create' },
  'balance.low': { kind: 'permission', permission: 'operations:create' },
  'webhook.failing': { kind: 'permission', permission: 'webhooks:manage' },
};

/** The kinds a role can ever receive: the preferences form offers only these. */
export function kindsForRole(role: Role): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((k) => {
    const a = AUDIENCE[k];
    return a.kind === 'subject' ? can(role, 'payouts:request') : can(role, a.permission);
  });
}

export interface Recipient {
  id: string;
  role: Role;
  disabled?: boolean;
}

/**
 * The users one fact reaches: the audience of its kind, never the actor who caused it (nobody is told to approve
 * their own payout, nor of the control change they proposed), never a disabled user, and not those who turned
 * the kind off.
 */
export function recipientsFor(
  kind: NotificationKind,
  fact: { subjectUserId?: string | null; actorId?: string | null },
  users: readonly Recipient[],
  mutedKinds: (userId: string) => ReadonlySet<string>,
): string[] {
  const audience = AUDIENCE[kind];
  const out: string[] = [];
  for (const u of users) {
    if (u.disabled) continue;
    if (fact.actorId && u.id === fact.actorId) continue;
    if (audience.kind === 'subject') {
      if (u.id !== fact.subjectUserId) continue;
    } else if (!can(u.role, audience.permission)) continue;
    if (mutedKinds(u.id).has(kind)) continue;
    out.push(u.id);
  }
  return out;
}

/** Values an item's sentence fills in; strings only (amounts as decimal strings, formatted by the reader). */
export type NotificationParams = Readonly<Record<string, string>>;

/** Where an item leads. Ids are checked to be plain path segments; anything else leads to the inbox itself. */
export function deepLink(kind: NotificationKind, subjectId: string, params: NotificationParams = {}): string {
  const id = /^[A-Za-z0-9._:-]{1,200}$/.test(subjectId) ? encodeURIComponent(subjectId) : null;
  if (!id) return '/notifications';
  switch (kind) {
    case 'payout.awaiting-approval':
    case 'payout.approved':
    case 'payout.rejected':
    case 'payout.executed':
    case 'payout.failed':
      return `/payouts/${id}`;
    case 'payout-batch.awaiting-approval':
    case 'payout-batch.approved':
    case 'payout-batch.rejected':
    case 'payout-batch.completed':
    case 'payout-batch.rows-failed':
      return `/payouts/batches/${id}`;
    case 'account.action-needed':
    case 'balance.low':
      return `/accounts/${id}`;
    case 'operation.stuck':
      return `/operations/${id}`;
    case 'webhook.failing':
      return `/webhooks/${id}`;
    case 'control-change.pending':
      // The control-change feature names its own review page; only console paths are accepted.
      return params.link && /^\/[A-Za-z0-9/_-]*$/.test(params.link) && !params.link.startsWith('//') ? params.link : '/team';
  }
}

/**
 * One fact = one key: the kind, what it is about, and which occurrence (a payout returned for approval waits
 * again; a balance that recovered and fell again is a new fall). Stored unique per user, so a retry, a second
 * instance or a second sweep inserting the same fact changes nothing.
 */
export function dedupeKey(kind: NotificationKind, subjectId: string, occurrence = ''): string {
  return occurrence ? `${kind}:${subjectId}:${occurrence}` : `${kind}:${subjectId}`;
}

/** The catalogue key of an item's title and body (messages/<locale>/notifications.json → `kinds`). */
export function wordingKey(kind: NotificationKind): string {
  return `kinds.${kind.replace('.', '_')}`;
}
