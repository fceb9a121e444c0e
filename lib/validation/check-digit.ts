/**
 * Modulo-11 check digit shared by CPF and CNPJ: weighted sum of character values, remainder r,
 * digit = r < 2 ? 0 : 11 - r. Character value = ASCII code − 48, which is the digit itself for 0-9 and
 * 17-42 for A-Z (the Receita Federal rule for the alphanumeric CNPJ).
 */
export function mod11CheckDigit(chars: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i += 1) sum += (chars.charCodeAt(i) - 48) * weights[i];
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}
