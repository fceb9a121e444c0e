import { timeWords, type TimeWords } from '@/lib/i18n/format';
import { amountText } from '@/lib/money/amount-text';
import { wordingKey, type NotificationKind } from './kinds';

/** An inbox item in the reader's words: worded where it is read from the database (the page, /api/notifications). */
export interface NotificationWords {
  title: string;
  body: string;
  /** When it happened, in the reader's locale and time zone (`23/11/2026 05:08`), and in UTC for the hover. */
  when: TimeWords;
}

/** The `notifications` namespace's translator (next-intl's, on the server). */
export interface NotificationsTranslator {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
}

/** The sentence's values: amounts formatted in the reader's locale, counts as numbers, everything else as stored. */
function wordingValues(params: Readonly<Record<string, string>>, locale: string): Record<string, string | number> {
  const values: Record<string, string | number> = { ...params };
  if (params.amount && params.asset) values.amount = amountText({ value: params.amount, asset: params.asset }, locale);
  if (params.threshold && params.asset) values.threshold = amountText({ value: params.threshold, asset: params.asset }, locale);
  for (const n of ['due', 'failed', 'attempts', 'minutes']) if (params[n] && /^\d+$/.test(params[n])) values[n] = Number(params[n]);
  for (const k of ['requester', 'beneficiary', 'reason', 'account', 'url', 'type', 'status', 'by', 'what']) values[k] ??= '—';
  values.due ??= 0;
  return values;
}

/** One item's title, sentence and time, in `locale` and `timeZone`. */
export function wordNotification(
  t: NotificationsTranslator,
  item: { kind: NotificationKind; params: Readonly<Record<string, string>>; createdAt: string },
  locale: string,
  timeZone: string,
): NotificationWords {
  const key = wordingKey(item.kind);
  const values = wordingValues(item.params, locale);
  // A control change names its kind by code (`team.change-role`): the reader gets it in words.
  const changeKind = item.kind === 'control-change.pending' && item.params.what ? `controlChangeKinds.${item.params.what.replace('.', '_')}` : null;
  if (changeKind && t.has(changeKind)) values.what = t(changeKind);
  return {
    title: t(`${key}.title`),
    body: t(`${key}.body`, values),
    when: timeWords(item.createdAt, { locale, timeZone }),
  };
}
