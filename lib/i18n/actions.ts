'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { getDb } from '@/lib/db/client';
import { getCurrentUser } from '@/lib/auth/session';
import { parsePreferencesForm, saveUserPreferences } from './preferences';

/**
 * The user menu's language and time zone form (a plain form action: it works before JS loads). Any signed-in user
 * may set their own preferences; nothing else is touched. The whole tree re-renders in the new locale.
 */
export async function savePreferencesAction(form: FormData): Promise<void> {
  const user = await getCurrentUser();
  if (!user) redirect('/login');
  const prefs = parsePreferencesForm(form);
  if (!prefs) return;
  await saveUserPreferences(await getDb(), user.id, prefs);
  revalidatePath('/', 'layout');
}
