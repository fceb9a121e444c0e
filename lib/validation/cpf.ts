import { mod11CheckDigit } from './check-digit';
import type { ValidationResult } from './validation-result';

const MASKED = /^\d{3}\.\d{3}\.\d{3}-\d{2}$/;
const PLAIN = /^\d{11}$/;
const W1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const W2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];

/** The 11 digits of a CPF typed as "123.456.789-09" or "12345678909" (spaces around trimmed); null for any other shape. */
export function normalizeCpf(input: string): string | null {
  if (typeof input !== 'string') return null;
  const s = input.trim();
  if (PLAIN.test(s)) return s;
  if (MASKED.test(s)) return s.replace(/\D/g, '');
  return null;
}

function checkDigitsMatch(digits: string): boolean {
  const d1 = mod11CheckDigit(digits, W1);
  const d2 = mod11CheckDigit(digits.slice(0, 9) + String(d1), W2);
  return digits.endsWith(`${d1}${d2}`);
}

export function validateCpf(input: string): ValidationResult {
  const digits = normalizeCpf(input);
  if (digits === null) return { ok: false, key: 'cpfLength', message: 'Enter a CPF with 11 digits, e.g. 123.456.789-09.' };
  // All-same-digit numbers pass the check-digit maths but are never issued.
  if (/^(\d)\1{10}$/.test(digits)) return { ok: false, key: 'cpfInvalid', message: 'This CPF is not valid.' };
  if (!checkDigitsMatch(digits)) return { ok: false, key: 'cpfCheckDigits', message: 'This CPF is not valid: the check digits do not match. Check for a typo.' };
  return { ok: true, normalized: digits };
}

export function isValidCpf(input: string): boolean {
  return validateCpf(input).ok;
}

/** Masks as "123.456.789-09"; partial input is masked progressively, so it also serves as-you-type. */
export function formatCpf(input: string): string {
  const d = String(input).replace(/\D/g, '').slice(0, 11);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}.${d.slice(3)}`;
  if (d.length <= 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}
