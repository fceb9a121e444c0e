import 'server-only';
import { getTranslations } from 'next-intl/server';
import { catalogueTranslator, type Translator } from '@/lib/errors';

/**
 * The `errors` catalogue in the request's language, for `toFailure(error, { t })` in server actions and route
 * handlers, so a failure's sentence reaches the browser already in the reader's language. Undefined outside a
 * request (scripts, background jobs): toFailure then falls back to its English table.
 */
export async function errorsTranslator(): Promise<Translator | undefined> {
  try {
    return catalogueTranslator(await getTranslations('errors'));
  } catch {
    return undefined;
  }
}
