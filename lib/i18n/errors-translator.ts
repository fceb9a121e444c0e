import 'server-only';
import { createTranslator } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH } from '@/lib/domain/team/password-limits';
import type { Translator } from '@/lib/errors';
import { loadMessages } from '@/messages';

type Lookup = { (key: string, values?: Record<string, string | number>): string; has: (key: string) => boolean };

/** Constants the `validation` messages use besides their own values (as components/i18n/use-field-message.ts). */
const VALIDATION_VALUES = { passwordMin: PASSWORD_MIN_LENGTH, passwordMaxBytes: PASSWORD_MAX_BYTES };

/**
 * A failure's words, server side: a code of the `errors` catalogue; for a field problem also a key of the
 * `validation` catalogue (what some forms' schemas use), so the field says what the form would have said.
 */
function failureWording(t: Lookup): Translator {
  return (code, values) => {
    if (t.has(`errors.${code}`)) return t(`errors.${code}`, values);
    if (t.has(`validation.${code}`)) return t(`validation.${code}`, { ...VALIDATION_VALUES, ...values });
    return undefined;
  };
}

let english: Promise<Translator> | undefined;

/** The English catalogue: what a failure is worded with where no request says the reader's language. */
export function englishFailureWording(): Promise<Translator> {
  english ??= loadMessages('en').then((messages) => failureWording(createTranslator({ locale: 'en', messages }) as unknown as Lookup));
  return english;
}

/**
 * The catalogue in the request's language, for `toFailure(error, { t })` in server actions and route handlers, so
 * a failure's sentence reaches the browser already in the reader's language. Outside a request (scripts, background
 * jobs) the English catalogue: the words live only in messages/.
 */
export async function errorsTranslator(): Promise<Translator> {
  try {
    return failureWording((await getTranslations()) as unknown as Lookup);
  } catch {
    return englishFailureWording();
  }
}
