// Region codes ICU names but which are not countries (macro-regions, reserved, pseudo).
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ', 'AA', 'QM', 'QN', 'QP', 'QQ', 'QR', 'QS', 'QT', 'QU', 'QV', 'QW', 'QX', 'QY', 'QZ']);
let names: Intl.DisplayNames | null = null;

/** ISO 3166-1 alpha-2 check via ICU's region names (an unknown code is echoed back unchanged). */
export function isCountryCode(value: string): boolean {
  if (!/^[A-Z]{2}$/.test(value) || NOT_COUNTRIES.has(value)) return false;
  names ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  try {
    return names.of(value) !== value;
  } catch {
    return false;
  }
}
