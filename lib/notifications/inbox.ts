import 'server-only';
import { createTranslator } from 'next-intl';
import { getDb } from '@/lib/db/client';
import { wordNotification, type NotificationWords, type NotificationsTranslator } from '@/lib/domain/notifications/wording';
import { getRequestIntl } from '@/lib/i18n/request-context';
import { loadMessages } from '@/messages';
import { listInbox, type NotificationView } from './store';

/** An inbox item as the browser gets it: the stored facts and their words in the reader's locale and time zone. */
export interface WordedNotification extends NotificationView {
  words: NotificationWords;
}
export interface WordedInboxPage {
  items: WordedNotification[];
  unread: number;
  next: string | null;
}

/**
 * A page of the signed-in user's inbox, worded on the server for the page (/notifications) and for
 * /api/notifications alike. The browser only lays the words out: wording an item there (plural rules, money and
 * date formats) was the inbox's first use of Intl, set up inside hydration on every visit.
 */
export async function readInbox(userId: string, opts: { limit: number; before?: string | null }): Promise<WordedInboxPage> {
  const [db, { locale, timeZone }] = await Promise.all([getDb(), getRequestIntl()]);
  const [page, messages] = await Promise.all([listInbox(db, userId, opts), loadMessages(locale)]);
  const t = createTranslator({ locale, messages, namespace: 'notifications' }) as unknown as NotificationsTranslator;
  return { ...page, items: page.items.map((item) => ({ ...item, words: wordNotification(t, item, locale, timeZone) })) };
}
