import { useTranslations } from 'next-intl';
import { useFailureSentence, type FailureLike } from '@/components/i18n/use-failure-sentence';

/** The money-movement namespaces: each has its own `errors.<CODE>` wording for the refusals of its flow. */
export type MoneyNamespace = 'deposits' | 'transfers';

/**
 * One sentence for a failure in a money-movement form: the section's own wording for the code when its catalogue
 * has one (`deposits.errors.INVALID_STATUS_CHANGE` says what that means for a deposit), else the shared `errors` sentence,
 * else the server's. Client components under an IntlScope carrying `namespace`.
 */
export function useSectionFailure(namespace: MoneyNamespace): (failure: FailureLike) => string {
  const t = useTranslations(namespace);
  const general = useFailureSentence();
  return (failure) => (t.has(`errors.${failure.code}`) ? t(`errors.${failure.code}`) : general(failure));
}

/**
 * The message key (in the section's `amountErrors`) for an amount the form refuses before sending; the money input
 * already keeps the format and the scale right, so what is left is empty, zero and too large.
 */
export function amountErrorKey(code: string): string {
  return code === 'EMPTY' || code === 'ZERO_NOT_ALLOWED' || code === 'TOO_LARGE' || code === 'TOO_MANY_DECIMALS'
    ? `amountErrors.${code}`
    : 'amountErrors.INVALID';
}
