/**
 * PIX DICT key and Brazilian tax-id checks for beneficiary instructions. Pure; the sandbox's own copy so the
 * service enforces the same rules the console's forms do.
 */
export const DICT_KEY_TYPES = ['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'EVP'] as const;
export type DictKeyType = (typeof DICT_KEY_TYPES)[number];

function digitsOf(s: string): number[] {
  return [...s].map((c) => c.charCodeAt(0) - 48);
}

/** CPF: 11 digits, two mod-11 check digits, not all the same digit. */
export function isValidCpf(value: string): boolean {
  if (!/^\d{11}$/.test(value) || /^(\d)\1{10}$/.test(value)) return false;
  const d = digitsOf(value);
  for (const len of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += d[i] * (len + 1 - i);
    const check = ((sum * 10) % 11) % 10;
    if (check !== d[len]) return false;
  }
  return true;
}

/** CNPJ: 14 digits, two weighted mod-11 check digits, not all the same digit. */
export function isValidCnpj(value: string): boolean {
  if (!/^\d{14}$/.test(value) || /^(\d)\1{13}$/.test(value)) return false;
  const d = digitsOf(value);
  const w1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const w2 = [6, ...w1];
  for (const weights of [w1, w2]) {
    const len = weights.length;
    const sum = weights.reduce((acc, w, i) => acc + w * d[i], 0);
    const r = sum % 11;
    if ((r < 2 ? 0 : 11 - r) !== d[len]) return false;
  }
  return true;
}

/** Strips the usual CPF/CNPJ punctuation ("123.456.789-09", "12.345.678/0001-95"). */
export function normalizeTaxId(value: string): string {
  return value.replace(/[.\-/\s]/g, '');
}

const EMAIL_RE = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const PHONE_RE = /^\+55[1-9]{2}9?\d{8}$/;
const EVP_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** Returns null when `key` is a valid DICT key of `type`, else a sentence saying what is expected. */
export function pixKeyProblem(type: DictKeyType, key: string): string | null {
  switch (type) {
    case 'CPF':
      return isValidCpf(key) ? null : 'A CPF key must be 11 digits with valid check digits (digits only)';
    case 'CNPJ':
      return isValidCnpj(key) ? null : 'A CNPJ key must be 14 digits with valid check digits (digits only)';
    case 'EMAIL':
      return key.length <= 77 && EMAIL_RE.test(key) ? null : 'An EMAIL key must be a valid e-mail address of at most 77 characters';
    case 'PHONE':
      return PHONE_RE.test(key) ? null : 'A PHONE key must be a Brazilian number in the form +55DDNNNNNNNNN';
    case 'EVP':
      return EVP_RE.test(key) ? null : 'An EVP key must be a random UUID (version 4)';
  }
}
