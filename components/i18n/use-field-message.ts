import { useTranslations } from 'next-intl';
import { PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH } from '@/lib/domain/team/password-limits';
import { parseFieldKey } from '@/lib/validation/validation-result';
import { useErrorsTranslator } from '@/components/i18n/use-errors-translator';

/** Values the `validation` messages may use besides their own; constants of the rules. */
export const VALIDATION_VALUES = { passwordMin: PASSWORD_MIN_LENGTH, passwordMaxBytes: PASSWORD_MAX_BYTES };

/**
 * Turns a form field's error into a sentence in the user's language. Schemas (zod) carry a code of the `errors`
 * catalogue (`CPF_INVALID`, `fieldKey('TOO_LONG', { max: 100 })`) or a key of the `validation` catalogue
 * (`z.email('emailInvalid')`), values after a bar (lib/validation/validation-result.ts). A message that is neither (a
 * sentence `showFailure` already worded) is shown as it is. Client components under an IntlScope carrying
 * `validation` (the `errors` catalogue comes through `useErrorsTranslator`).
 */
export function useFieldMessage(): (message: string | undefined) => string | undefined {
  const errors = useErrorsTranslator();
  const t = useTranslations('validation');
  return (message) => {
    if (message === undefined) return undefined;
    const { key, values } = parseFieldKey(message);
    if (errors.has(key)) return errors(key, values);
    return t.has(key) ? t(key, { ...VALIDATION_VALUES, ...values }) : message;
  };
}
