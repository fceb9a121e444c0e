// Pure: what a received webhook is about, and what in the browser must refresh when one arrives. Shared by the
// receiver (server), the live channel and the browser module — one mapping, not per-page code.
import { isUuid } from '@/lib/validation/uuid';

export const RESOURCE_KINDS = ['OPERATION', 'BENEFICIARY', 'ACCOUNT'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

/** One message on the live channel: event type and resource ids only (never the payload, never a secret). */
export interface LiveEvent {
  /** The received event's sequence number (the SSE `id`, used by `Last-Event-ID`). */
  seq: number;
  type: string;
  /** `OPERATION`, `BENEFICIARY`, `ACCOUNT`, or what the service named an unknown resource (null when unnamed). */
  kind: string | null;
  /** The resource's id when the delivery carries it; null when it does not (see `resourceRefOf`). */
  id: string | null;
  /** The transition time the event reports (ISO), when present. */
  atTime: string | null;
}

/**
 * The live channel also carries "your inbox changed" for one user (lib/notifications/notify.ts): kind
 * `NOTIFICATION`, `id` = the user's id, `seq` 0 (it is not a stored received event, so it never moves
 * `Last-Event-ID`). Each stream forwards it only to its own user, as an SSE event `notification` without an id.
 */
export const NOTIFICATION_EVENT_KIND = 'NOTIFICATION';
export const NOTIFICATION_EVENT_TYPE = 'NOTIFICATION_CREATED';

export function notificationEvent(userId: string | null): LiveEvent {
  return { seq: 0, type: NOTIFICATION_EVENT_TYPE, kind: NOTIFICATION_EVENT_KIND, id: userId, atTime: null };
}

/** A resource a page shows: `{kind: 'OPERATION', id}`; without `id`, every resource of that kind (a list). */
export interface LiveResource {
  kind: ResourceKind | string;
  id?: string;
}

const KIND_BY_EVENT_PREFIX: ReadonlyArray<readonly [string, ResourceKind]> = [
  ['OPERATION_', 'OPERATION'],
  ['BENEFICIARY_', 'BENEFICIARY'],
  ['ASSET_', 'ACCOUNT'],
];


function str(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

function record(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/**
 * The resource kind of an event: the known prefixes first (the contract's catalogue), else the service's
 * `X-Resource-Name` header, so an event type this console does not know is still filed under something.
 */
export function resourceKindOf(eventType: string, resourceNameHeader?: string | null): string | null {
  for (const [prefix, kind] of KIND_BY_EVENT_PREFIX) if (eventType.startsWith(prefix)) return kind;
  const header = str(resourceNameHeader?.trim())?.toUpperCase() ?? null;
  return header && /^[A-Z_]{1,64}$/.test(header) ? header : null;
}

/**
 * The resource id a delivery carries: the `X-Resource-Id` header (a sandbox extension), else the body. The
 * contract's operation and beneficiary event bodies have no id (only
 * `customerId`, amounts, state and `atTime`); the upstream service adds `id`, and `ASSET_ACTIVATED` carries
 * `accountId`. When no id is present the event still reaches every page showing a resource of that kind.
 */
export function resourceIdOf(kind: string | null, payload: unknown, resourceIdHeader?: string | null): string | null {
  // The sandbox's `X-Resource-Id` extension first; the body's own fields for a service that puts the id there.
  const header = resourceIdHeader?.trim();
  if (header && isUuid(header)) return header.toLowerCase();
  const body = record(payload);
  if (!body) return null;
  const candidates = kind === 'ACCOUNT' ? [body.accountId, body.id] : [body.id];
  for (const c of candidates) {
    const id = str(c);
    if (id && isUuid(id)) return id.toLowerCase();
  }
  return null;
}

/** `atTime` when it is a valid date-time; the event's own clock, not the time of receipt. */
export function atTimeOf(payload: unknown): string | null {
  const value = str(record(payload)?.atTime);
  if (!value || Number.isNaN(Date.parse(value))) return null;
  return new Date(value).toISOString();
}

/**
 * Does this event concern a resource the page shows? Same kind, and the same id — or no id in the event, in
 * which case any resource of that kind may have changed (a refresh too many is cheap; a missed one is a bug).
 */
export function eventConcerns(event: Pick<LiveEvent, 'kind' | 'id'>, resource: LiveResource): boolean {
  if (!event.kind || event.kind !== resource.kind) return false;
  return resource.id === undefined || event.id === null || event.id === resource.id.toLowerCase();
}

export function eventConcernsAny(event: Pick<LiveEvent, 'kind' | 'id'>, resources: readonly LiveResource[]): boolean {
  return resources.some((r) => eventConcerns(event, r));
}

/**
 * react-query keys to invalidate for client-fetched lists. Convention for sections: lists are keyed
 * `[<kind plural>, …]` (`['operations', filters]`, `['beneficiaries', …]`, `['accounts', …]`) and one resource
 * `[<kind plural>, id]`; the webhook delivery views `['webhooks', …]`, since every event adds an execution log; the
 * palette's results `['search', …]` carry statuses of all three kinds.
 * Invalidation matches by prefix, so `['operations']` refreshes every operations query.
 */
export function queryKeysForEvent(event: Pick<LiveEvent, 'kind' | 'id'>): readonly (readonly string[])[] {
  // The inbox's own message is not a received webhook: it adds no delivery log.
  if (event.kind === NOTIFICATION_EVENT_KIND) return [['notifications']];
  const keys: string[][] = [['webhooks']];
  switch (event.kind) {
    case 'OPERATION':
      // Settlement moves money: balances change with every completed or failed operation.
      keys.push(['operations'], ['balances'], ['search']);
      break;
    case 'BENEFICIARY':
      keys.push(['beneficiaries'], ['search']);
      break;
    case 'ACCOUNT':
      keys.push(['accounts'], ['balances'], ['search']);
      break;
    default:
      break;
  }
  return keys;
}

/** Parses one live-channel `data:` line; null for anything that is not a well-formed LiveEvent. */
export function parseLiveEvent(data: string): LiveEvent | null {
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    return null;
  }
  const r = record(raw);
  if (!r || typeof r.seq !== 'number' || !Number.isSafeInteger(r.seq) || typeof r.type !== 'string') return null;
  return {
    seq: r.seq,
    type: r.type,
    kind: str(r.kind),
    id: str(r.id),
    atTime: str(r.atTime),
  };
}

/** The `Last-Event-ID` value (or `?lastEventId=`): a positive sequence number, else null (start from now). */
export function parseLastEventId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n > 0 ? n : null;
}

/** Reconnect delay: exponential from 1 s to 30 s with full jitter (many tabs must not reconnect in step). */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const cap = Math.min(30_000, 1_000 * 2 ** Math.max(0, Math.min(attempt, 10)));
  return Math.round(cap / 2 + (random() * cap) / 2);
}
