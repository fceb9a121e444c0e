/**
 * Display formatting of tax ids (no validation): CNPJ `11.222.333/0001-81` (also alphanumeric CNPJ),
 * CPF `123.456.789-09`. Anything else, or a value of unexpected length, is shown as sent.
 */
export function formatTaxId(value: string, type?: string | null): string {
  const raw = value.replace(/[.\-/\s]/g, '').toUpperCase();
  if ((type === 'CNPJ' || !type) && /^[0-9A-Z]{12}\d{2}$/.test(raw)) {
    return `${raw.slice(0, 2)}.${raw.slice(2, 5)}.${raw.slice(5, 8)}/${raw.slice(8, 12)}-${raw.slice(12)}`;
  }
  if ((type === 'CPF' || !type) && /^\d{11}$/.test(raw)) {
    return `${raw.slice(0, 3)}.${raw.slice(3, 6)}.${raw.slice(6, 9)}-${raw.slice(9)}`;
  }
  return value;
}
