import { validateCnpj } from './cnpj';
import { validateCpf } from './cpf';
import type { ValidationResult } from './validation-result';
import { isLowerCaseUuid } from './uuid';

export const DICT_KEY_TYPES = ['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'EVP'] as const;
export type DictKeyType = (typeof DICT_KEY_TYPES)[number];

/** Bacen DICT limit for e-mail keys. */
export const PIX_EMAIL_MAX_LENGTH = 77;

/** Brazilian area codes (DDD) in use, per ANATEL's national numbering plan. */
export const BRAZIL_DDDS: ReadonlySet<string> = new Set([
  '11', '12', '13', '14', '15', '16', '17', '18', '19',
  '21', '22', '24', '27', '28',
  '31', '32', '33', '34', '35', '37', '38',
  '41', '42', '43', '44', '45', '46', '47', '48', '49',
  '51', '53', '54', '55',
  '61', '62', '63', '64', '65', '66', '67', '68', '69',
  '71', '73', '74', '75', '77', '79',
  '81', '82', '83', '84', '85', '86', '87', '88', '89',
  '91', '92', '93', '94', '95', '96', '97', '98', '99',
]);

// Dot-atom local part (no leading/trailing/double dots), LDH domain labels, an alphabetic TLD.
const EMAIL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

function validateEmail(key: string): ValidationResult {
  const s = key.trim().toLowerCase();
  if (s === '') return { ok: false, key: 'pixEmailRequired', message: 'Enter the e-mail key.' };
  if (s.length > PIX_EMAIL_MAX_LENGTH) {
    return {
      ok: false,
      key: 'pixEmailTooLong',
      values: { max: PIX_EMAIL_MAX_LENGTH },
      message: `An e-mail key can have at most ${PIX_EMAIL_MAX_LENGTH} characters.`,
    };
  }
  if (!EMAIL.test(s)) return { ok: false, key: 'pixEmailInvalid', message: 'Enter a valid e-mail address, e.g. name@example.com.' };
  return { ok: true, normalized: s };
}

function validatePhone(key: string): ValidationResult {
  // People paste "+55 (11) 91234-5678"; the DICT form is "+5511912345678".
  const s = key.trim().replace(/[\s().-]/g, '');
  if (!/^\+55\d+$/.test(s)) {
    return { ok: false, key: 'pixPhoneFormat', message: 'Enter a Brazilian phone number starting with +55, e.g. +55 11 91234-5678.' };
  }
  const ddd = s.slice(3, 5);
  const number = s.slice(5);
  if (!BRAZIL_DDDS.has(ddd)) return { ok: false, key: 'pixPhoneDdd', values: { ddd }, message: `${ddd} is not a Brazilian area code (DDD).` };
  const mobile = /^9\d{8}$/.test(number);
  const landline = /^[2-5]\d{7}$/.test(number);
  if (!mobile && !landline) {
    return {
      ok: false,
      key: 'pixPhoneNumber',
      message: 'After the area code, enter a 9-digit mobile number starting with 9 or an 8-digit landline.',
    };
  }
  return { ok: true, normalized: s };
}

function validateEvp(key: string): ValidationResult {
  const s = key.trim().toLowerCase();
  if (!isLowerCaseUuid(s)) return { ok: false, key: 'pixEvpFormat', message: 'A random key is a UUID, e.g. 123e4567-e89b-12d3-a456-426614174000.' };
  return { ok: true, normalized: s };
}

export function validatePixKey(type: DictKeyType, key: string): ValidationResult {
  if (typeof key !== 'string' || key.trim() === '') return { ok: false, key: 'pixKeyRequired', message: 'Enter the PIX key.' };
  switch (type) {
    case 'CPF':
      return validateCpf(key);
    case 'CNPJ':
      return validateCnpj(key);
    case 'EMAIL':
      return validateEmail(key);
    case 'PHONE':
      return validatePhone(key);
    case 'EVP':
      return validateEvp(key);
    default:
      return { ok: false, key: 'pixKeyTypeRequired', message: 'Choose the PIX key type.' };
  }
}
