// Pure: what the palette shows for a search: hits of the kinds the user may read, newest first, grouped by kind
// in a fixed order, a few per kind. The server filters with it before answering; the browser only renders.
import { can, type Role, type Permission } from '@/lib/auth/permissions';

export const SEARCH_KINDS = ['operation', 'payout', 'account', 'beneficiary', 'webhookMessage', 'user'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The permission that reads each kind (the same the kind's pages need, lib/auth/routes.ts). */
export const KIND_PERMISSION: Record<SearchKind, Permission> = {
  operation: 'operations:read',
  payout: 'operations:read',
  account: 'accounts:read',
  beneficiary: 'beneficiaries:read',
  webhookMessage: 'webhooks:read',
  user: 'team:manage',
};

/** What matched, so the palette can say why a row is there. */
export type MatchedBy = 'id' | 'endToEnd' | 'name' | 'amount';

export interface SearchHit {
  kind: SearchKind;
  id: string;
  /** A name or a short description (the owner, the beneficiary, the user's name); plain text. */
  title: string;
  /** Secondary plain text (e-mail, event type, operation type); may be empty. */
  detail: string;
  /** The status as the service or the console names it (rendered through the shared status labels). */
  status: string | null;
  /** `{value, asset}` when the hit has one amount worth showing. */
  amount: { value: string; asset: string } | null;
  /** ISO time used for "recent first". */
  at: string;
  /** Where the hit opens (a console path). */
  href: string;
  matchedBy: MatchedBy;
}

export interface SearchGroup {
  kind: SearchKind;
  hits: SearchHit[];
}

export const HITS_PER_KIND = 5;

export function kindsFor(role: Role): SearchKind[] {
  return SEARCH_KINDS.filter((kind) => can(role, KIND_PERMISSION[kind]));
}

/**
 * Drops what `role` may not read, removes duplicates (an operation found by id and by amount), sorts each kind
 * newest first and keeps `perKind`; groups come in SEARCH_KINDS order, empty ones left out.
 */
export function groupHits(hits: readonly SearchHit[], role: Role, perKind: number = HITS_PER_KIND): SearchGroup[] {
  const allowed = new Set(kindsFor(role));
  const byKind = new Map<SearchKind, Map<string, SearchHit>>();
  for (const hit of hits) {
    if (!allowed.has(hit.kind)) continue;
    const seen = byKind.get(hit.kind) ?? new Map<string, SearchHit>();
    byKind.set(hit.kind, seen);
    if (!seen.has(hit.id)) seen.set(hit.id, hit);
  }
  const groups: SearchGroup[] = [];
  for (const kind of SEARCH_KINDS) {
    const seen = byKind.get(kind);
    if (!seen || seen.size === 0) continue;
    const sorted = [...seen.values()].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.id < b.id ? -1 : 1));
    groups.push({ kind, hits: sorted.slice(0, perKind) });
  }
  return groups;
}
