import 'server-only';
import { listAccounts } from '@/lib/api/accounts';
import type { SessionUser } from '@/lib/auth/sessions';
import { can } from '@/lib/auth/permissions';
import { getDb } from '@/lib/db/client';
import { ownerName } from '@/lib/domain/accounts/owner';
import { kindsForRole } from '@/lib/domain/notifications/kinds';
import { timeWords } from '@/lib/i18n/format';
import { getRequestIntl } from '@/lib/i18n/request-context';
import { amountText } from '@/lib/money/amount-text';
import { listThresholds, mutedKinds } from './store';

/**
 * What /notifications shows besides the inbox: the kinds this user gets and has muted, and — for admins — the
 * low-balance thresholds with the accounts they may be set on (null when the account list could not be read).
 */
export async function loadNotificationSettings(user: Pick<SessionUser, 'id' | 'role'>) {
  const db = await getDb();
  const offered = kindsForRole(user.role);
  const muted = [...((await mutedKinds(db, [user.id])).get(user.id) ?? [])].filter((k) => (offered as string[]).includes(k));
  if (!can(user.role, 'payouts:policy')) return { offered, muted, admin: null };
  const [rows, { locale, timeZone }] = await Promise.all([listThresholds(db), getRequestIntl()]);
  let accounts: { id: string; name: string; assets: string[] }[] | null = null;
  try {
    const page = await listAccounts({ limit: 100, sortOrder: 'ASCENDING' });
    accounts = page.data.map((a) => ({ id: a.id, name: ownerName(a.owner), assets: a.assets.map((x) => x.asset) }));
  } catch {
    accounts = null;
  }
  const thresholds = rows.map((r) => ({
    accountId: r.accountId,
    asset: r.asset,
    threshold: r.threshold,
    // Worded here: the panel is a client part, and formatting there set Intl up inside its hydration.
    thresholdText: amountText({ value: r.threshold, asset: r.asset }, locale),
    below: r.belowSince !== null,
    updatedByEmail: r.updatedByEmail,
    updatedAt: r.updatedAt.toISOString(),
    updatedAtWords: timeWords(r.updatedAt.toISOString(), { locale, timeZone }),
  }));
  return { offered, muted, admin: { accounts, thresholds } };
}
