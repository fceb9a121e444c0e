import { useTranslations } from 'next-intl';
import { railLabel, type FundingField } from '@/lib/domain/accounts/funding-fields';

/**
 * The reader's words for a funding instruction: its rail, each field's label, and the enumerated values a person
 * reads rather than copies into a bank form verbatim (account type, PIX key type). Keys and values the catalogue
 * does not know keep the domain's label or the service's value. Works in server components and, under an
 * IntlScope with `common` and `beneficiaries`, in client ones.
 */
export function useFundingWords() {
  const t = useTranslations('common.funding');
  const keyTypes = useTranslations('beneficiaries.keyType');
  return {
    rail: (value: string | null | undefined) => (value && t.has(`rails.${value}`) ? t(`rails.${value}`) : railLabel(value)),
    label: (field: Pick<FundingField, 'key' | 'label'>) => (t.has(`fields.${field.key}`) ? t(`fields.${field.key}`) : field.label),
    value: (field: Pick<FundingField, 'key' | 'value'>) => {
      if (field.key === 'accountType' && t.has(`accountTypes.${field.value}`)) return t(`accountTypes.${field.value}`);
      if (field.key === 'keyType' && keyTypes.has(field.value)) return keyTypes(field.value);
      return field.value;
    },
  };
}
