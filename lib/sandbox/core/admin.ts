import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ServiceError } from './errors';
import type { RequestContext, Sql } from './types';

export const ADMIN_KEY_HEADER = 'X-Sandbox-Admin-Key';
const ADMIN_KEY_SETTING = 'admin_key';

/**
 * The sandbox admin key guards helpers that act on every tenant at once (the global clock). Configured
 * (`SANDBOX_ADMIN_KEY`) or generated once per sandbox and stored in `sandbox.settings`; the standalone server prints
 * it to an interactive terminal, the console never shows it.
 */
export async function loadAdminKey(sql: Sql, configured?: string): Promise<string> {
  if (configured) return configured;
  await sql.query(`INSERT INTO sandbox.settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`, [
    ADMIN_KEY_SETTING,
    `sbx_admin_${randomBytes(24).toString('base64url')}`,
  ]);
  const { rows } = await sql.query<{ value: string }>('SELECT value FROM sandbox.settings WHERE key = $1', [ADMIN_KEY_SETTING]);
  return rows[0].value;
}

function same(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

/** 401 ADMIN_KEY_REQUIRED unless the request carries the sandbox admin key. */
export async function requireAdminKey(ctx: RequestContext): Promise<void> {
  const given = ctx.headers.get(ADMIN_KEY_HEADER);
  if (!given || !same(given, await ctx.services.adminKey())) {
    throw new ServiceError(401, 'ADMIN_KEY_REQUIRED', `This helper acts on every customer: send the sandbox admin key in ${ADMIN_KEY_HEADER}`, {
      header: ADMIN_KEY_HEADER,
    });
  }
}
