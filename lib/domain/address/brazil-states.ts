/** The 27 Brazilian federative units (UF), the `state` of a Brazilian address. */
export const BRAZIL_STATES = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA',
  'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO',
] as const;

const UF_SET: ReadonlySet<string> = new Set(BRAZIL_STATES);

export function isBrazilState(value: string): boolean {
  return UF_SET.has(value.trim().toUpperCase());
}
