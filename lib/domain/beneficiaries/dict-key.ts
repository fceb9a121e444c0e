import { DICT_KEY_TYPES, validatePixKey, type DictKeyType } from '@/lib/validation/pix';

export { DICT_KEY_TYPES, type DictKeyType };

export type DictKeyErrorCode = 'KEY_REQUIRED' | 'KEY_TYPE_INVALID' | 'CPF_INVALID' | 'CNPJ_INVALID' | 'EMAIL_INVALID' | 'PHONE_INVALID' | 'EVP_INVALID';

const CODE_BY_TYPE: Readonly<Record<DictKeyType, DictKeyErrorCode>> = {
  CPF: 'CPF_INVALID',
  CNPJ: 'CNPJ_INVALID',
  EMAIL: 'EMAIL_INVALID',
  PHONE: 'PHONE_INVALID',
  EVP: 'EVP_INVALID',
};

export function isDictKeyType(value: unknown): value is DictKeyType {
  return typeof value === 'string' && (DICT_KEY_TYPES as readonly string[]).includes(value);
}

/**
 * A DICT key as the service stores it, or a code the form turns into a sentence: CPF → 11 digits (check
 * digits verified), CNPJ → 14 characters (check digits verified), e-mail → lower case, phone → "+55" E.164
 * ("+55 (11) 91234-5678" → "+5511912345678"), EVP → a lower-case uuid.
 */
export function normalizeDictKey(type: string, key: string): { ok: true; normalized: string } | { ok: false; code: DictKeyErrorCode } {
  if (!isDictKeyType(type)) return { ok: false, code: 'KEY_TYPE_INVALID' };
  if (typeof key !== 'string' || key.trim() === '') return { ok: false, code: 'KEY_REQUIRED' };
  const r = validatePixKey(type, key);
  return r.ok ? { ok: true, normalized: r.normalized } : { ok: false, code: CODE_BY_TYPE[type] };
}

/** How a stored key is shown: CPF/CNPJ masked, phone grouped; e-mail and EVP as they are. */
export function displayDictKey(type: string, key: string): string {
  if (type === 'CPF' && /^\d{11}$/.test(key)) return `${key.slice(0, 3)}.${key.slice(3, 6)}.${key.slice(6, 9)}-${key.slice(9)}`;
  if (type === 'CNPJ' && /^[0-9A-Z]{14}$/.test(key)) {
    return `${key.slice(0, 2)}.${key.slice(2, 5)}.${key.slice(5, 8)}/${key.slice(8, 12)}-${key.slice(12)}`;
  }
  if (type === 'PHONE' && /^\+55\d{10,11}$/.test(key)) {
    const local = key.slice(5);
    return `+55 ${key.slice(3, 5)} ${local.slice(0, local.length - 4)}-${local.slice(-4)}`;
  }
  return key;
}
