import 'server-only';
import { z } from 'zod';
import type { AccountListQuery } from '@/lib/api/accounts';
import { PAGE_DIRECTIONS, SORT_ORDERS } from '@/lib/api/types';

/** The query the browser may send to `GET /api/accounts`: allowlisted, bounded, forwarded as-is. */
export const accountListQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).optional(),
    cursor: z.string().min(1).max(512).optional(),
    direction: z.enum(PAGE_DIRECTIONS).optional(),
    sortOrder: z.enum(SORT_ORDERS).optional(),
    filters: z.string().min(1).max(2000).optional(),
    includeTotalMatches: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  })
  .strict();

export type ParsedAccountQuery =
  | { ok: true; query: AccountListQuery }
  | { ok: false; fieldErrors: Record<string, string> };

export function parseAccountListQuery(params: URLSearchParams): ParsedAccountQuery {
  const raw: Record<string, string> = {};
  for (const [key, value] of params) raw[key] = value;
  const parsed = accountListQuerySchema.safeParse(raw);
  if (parsed.success) return { ok: true, query: parsed.data };
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [issue.path.map(String).join('.')];
    for (const key of keys) fieldErrors[key] ??= issue.code === 'unrecognized_keys' ? 'UNKNOWN_PARAMETER' : 'INVALID_FIELD';
  }
  return { ok: false, fieldErrors };
}
