import { useTranslations } from 'next-intl';
import { PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH } from '@/lib/auth/password-policy';

/** Values the `validation` messages may use; constants of the rules, so a schema message stays a bare key. */
export const VALIDATION_VALUES = { passwordMin: PASSWORD_MIN_LENGTH, passwordMaxBytes: PASSWORD_MAX_BYTES };

/**
 * Turns a form field's error into a sentence in the user's language. Schemas (zod) carry catalogue keys of the
 * `validation` namespace as their messages (`z.email('emailInvalid')`); a message that is not a key (a sentence the
 * server already worded) is shown as it is. Client components under <IntlScope namespaces={['validation', …]}>.
 */
export function useFieldMessage(): (message: string | undefined) => string | undefined {
  const t = useTranslations('validation');
  return (message) => {
    if (message === undefined) return undefined;
    return t.has(message) ? t(message, VALIDATION_VALUES) : message;
  };
}
