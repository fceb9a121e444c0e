import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import { getDb } from '@/lib/db/client';
import { unreadCount } from '@/lib/notifications/store';
import { pickNamespaces, type Messages } from '@/messages';
import { NotificationBell } from './notification-bell';

/**
 * The bell as the console header mounts it: only the words of the bell and its items go to the browser (not the
 * preferences or thresholds forms', nor `common`), since every page carries them.
 */
export async function HeaderBell({ userId }: { userId: string }) {
  const all = await getMessages();
  const inbox = { ...((pickNamespaces(all, ['notifications']).notifications ?? {}) as Messages) };
  delete inbox.preferences;
  delete inbox.thresholds;
  // One indexed count (the partial unread index), so the first paint shows the number without waiting for scripts.
  const unread = await unreadCount(await getDb(), userId);
  // Its spoken count too: formatting a plural in the browser during hydration was the page's first use of Intl,
  // whose one-off set-up (~25 ms at full CPU speed) then landed in a load-time long task.
  const t = await getTranslations('notifications.bell');
  return (
    <NextIntlClientProvider messages={{ notifications: inbox }}>
      <NotificationBell initialUnread={unread} initialUnreadLabel={t('unread', { count: unread })} />
    </NextIntlClientProvider>
  );
}
