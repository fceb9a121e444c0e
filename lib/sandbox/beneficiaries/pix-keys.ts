import { validateCnpj } from '@/lib/validation/cnpj';
import { validateCpf } from '@/lib/validation/cpf';
import { DICT_KEY_TYPES, validatePixKey, type DictKeyType } from '@/lib/validation/pix';
import type { ValidationResult } from '@/lib/validation/validation-result';

/**
 * The service checks keys and tax ids with the same rules as the console's forms (lib/validation), and stores
 * the normalised form ("+55 (11) 91234-5678" → "+5511912345678", "123.456.789-09" → "12345678909").
 */
export { DICT_KEY_TYPES, type DictKeyType };

export function checkPixKey(type: DictKeyType, key: string): ValidationResult {
  return validatePixKey(type, key);
}

export function checkTaxId(type: 'CPF' | 'CNPJ', value: string): ValidationResult {
  return type === 'CPF' ? validateCpf(value) : validateCnpj(value);
}
