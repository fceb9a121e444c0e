import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { pickNamespaces, type Messages } from '@/messages';
import { NotificationBell } from './notification-bell';

/**
 * The bell as the console header mounts it: only the words of the bell and its items go to the browser (not the
 * preferences or thresholds forms', nor `common`), since every page carries them.
 */
export async function HeaderBell() {
  const all = await getMessages();
  const { preferences: _p, thresholds: _t, ...inbox } = (pickNamespaces(all, ['notifications']).notifications ?? {}) as Messages;
  return (
    <NextIntlClientProvider messages={{ notifications: inbox }}>
      <NotificationBell />
    </NextIntlClientProvider>
  );
}
