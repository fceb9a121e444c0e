import { useTranslations } from 'next-intl';
import { useFieldMessage } from '@/components/i18n/use-field-message';

/**
 * A beneficiary form field's message: the beneficiary schema's codes (`CPF_INVALID`, `DOB_UNDERAGE`, …) from the
 * `beneficiaries.errors` catalogue, the shared address fields' keys from `validation`, else the service's own
 * sentence as it came. Client components under <IntlScope namespaces={['beneficiaries', 'validation']}>.
 */
export function useBeneficiaryFieldMessage(): (message: string | undefined) => string | undefined {
  const t = useTranslations('beneficiaries.errors');
  const validation = useFieldMessage();
  return (message) => {
    if (message === undefined) return undefined;
    return t.has(message) ? t(message) : validation(message);
  };
}
