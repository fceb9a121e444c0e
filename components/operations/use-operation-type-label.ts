import { useTranslations } from 'next-intl';
import { humanizeEnum } from '@/lib/i18n/format';

/**
 * The reader's word for an operation's intent type (`operations.types`); a type the catalogue does not know yet
 * (the contract's intent is open) is shown humanised. Server components, or client ones under an IntlScope that
 * includes `operations`.
 */
export function useOperationTypeLabel(): (type: string) => string {
  const t = useTranslations('operations.types');
  return (type) => (t.has(type) ? t(type) : humanizeEnum(type));
}
