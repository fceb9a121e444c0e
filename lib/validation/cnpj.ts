import { mod11CheckDigit } from './check-digit';
import type { ValidationResult } from './validation-result';

// Since July 2026 the first 12 positions may be A-Z as well as 0-9 (alphanumeric CNPJ); the 2 check digits
// stay numeric. Lower-case letters are accepted and upper-cased: the letters are case-insensitive on paper.
const PLAIN = /^[0-9A-Z]{12}\d{2}$/;
const MASKED = /^[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2}$/;
const W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const W2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** The 14 characters of a CNPJ typed as "12.345.678/0001-95" or "12345678000195" (or alphanumeric); null otherwise. */
export function normalizeCnpj(input: string): string | null {
  if (typeof input !== 'string') return null;
  const s = input.trim().toUpperCase();
  if (PLAIN.test(s)) return s;
  if (MASKED.test(s)) return s.replace(/[./-]/g, '');
  return null;
}

function checkDigitsMatch(chars: string): boolean {
  const d1 = mod11CheckDigit(chars, W1);
  const d2 = mod11CheckDigit(chars.slice(0, 12) + String(d1), W2);
  return chars.endsWith(`${d1}${d2}`);
}

export function validateCnpj(input: string): ValidationResult {
  const chars = normalizeCnpj(input);
  if (chars === null) {
    return { ok: false, key: 'cnpjLength', message: 'Enter a CNPJ with 14 characters, e.g. 12.345.678/0001-95.' };
  }
  if (/^(\d)\1{13}$/.test(chars)) return { ok: false, key: 'cnpjInvalid', message: 'This CNPJ is not valid.' };
  if (!checkDigitsMatch(chars)) return { ok: false, key: 'cnpjCheckDigits', message: 'This CNPJ is not valid: the check digits do not match. Check for a typo.' };
  return { ok: true, normalized: chars };
}

export function isValidCnpj(input: string): boolean {
  return validateCnpj(input).ok;
}

/** Masks as "12.345.678/0001-95" (letters kept, upper-cased); partial input is masked progressively. */
export function formatCnpj(input: string): string {
  const c = String(input).toUpperCase().replace(/[^0-9A-Z]/g, '').slice(0, 14);
  const parts = [c.slice(0, 2), c.slice(2, 5), c.slice(5, 8), c.slice(8, 12), c.slice(12, 14)];
  let out = parts[0];
  if (parts[1]) out += `.${parts[1]}`;
  if (parts[2]) out += `.${parts[2]}`;
  if (parts[3]) out += `/${parts[3]}`;
  if (parts[4]) out += `-${parts[4]}`;
  return out;
}
