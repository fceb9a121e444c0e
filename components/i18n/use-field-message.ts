import { useTranslations } from 'next-intl';
import { PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH } from '@/lib/domain/team/password-limits';
import { parseFieldKey } from '@/lib/validation/validation-result';

/** Values the `validation` messages may use besides their own; constants of the rules. */
export const VALIDATION_VALUES = { passwordMin: PASSWORD_MIN_LENGTH, passwordMaxBytes: PASSWORD_MAX_BYTES };

/**
 * Turns a form field's error into a sentence in the user's language. Schemas (zod) carry catalogue keys of the
 * `validation` namespace as their messages: `z.email('emailInvalid')`, or with values
 * `fieldKey('tooLong', { max: 200 })` (lib/validation/validation-result.ts). A message that is not a key (a sentence
 * the service already worded) is shown as it is. Client components under <IntlScope namespaces={['validation', …]}>.
 */
export function useFieldMessage(): (message: string | undefined) => string | undefined {
  const t = useTranslations('validation');
  return (message) => {
    if (message === undefined) return undefined;
    const { key, values } = parseFieldKey(message);
    return t.has(key) ? t(key, { ...VALIDATION_VALUES, ...values }) : message;
  };
}
