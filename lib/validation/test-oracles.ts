/**
 * Independent check-digit implementations used only by tests: a different formulation (right-to-left
 * cycling weights, digit = (sum × 10 mod 11) mod 10) so a shared bug cannot make both sides agree.
 */
function dv(values: number[], maxWeight: number): number {
  let sum = 0;
  let w = 2;
  for (let i = values.length - 1; i >= 0; i -= 1) {
    sum += values[i] * w;
    w = w === maxWeight ? 2 : w + 1;
  }
  return ((sum * 10) % 11) % 10;
}

const value = (c: string) => c.charCodeAt(0) - 48;

export function oracleCpfCheckDigits(nineDigits: string): string {
  const v = [...nineDigits].map(value);
  const d1 = dv(v, 11);
  const d2 = dv([...v, d1], 11);
  return `${d1}${d2}`;
}

export function oracleCnpjCheckDigits(twelveChars: string): string {
  const v = [...twelveChars].map(value);
  const d1 = dv(v, 9);
  const d2 = dv([...v, d1], 9);
  return `${d1}${d2}`;
}
