import { useTranslations } from 'next-intl';
import { humanizeEnum } from '@/lib/i18n/format';
import type { Namespace } from '@/messages';

/**
 * The reader's word for a value of one of the contract's enums, from a namespace keyed by the contract's values
 * (`status`, `industries`, a section's own document types …). The contract leaves most enums open, so a value the
 * catalogue does not know yet is shown humanised rather than as a missing key. Server components, and client
 * components whose IntlScope includes `namespace`.
 */
export function useEnumLabel(namespace: Namespace): (value: string) => string {
  const t = useTranslations(namespace);
  return (value) => (t.has(value) ? t(value) : humanizeEnum(value));
}
