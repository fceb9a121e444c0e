// Pure: what a palette query can mean. One typed text may be an id fragment, a name and an amount at once
// ("1234" is all three); the search runs every reading that applies. Nothing here builds SQL or a filter
// expression: the readings are plain values the index compares, so text like `status[eq]=x` or `' or 1=1 --`
// is only ever a literal.
import { readTyped } from '@/lib/money/input';
import { LOCALES, type AppLocale } from '@/lib/i18n/config';

export const MAX_QUERY_LENGTH = 100;
/** Shorter id fragments match too much of 10,000 uuids to be useful. */
export const MIN_ID_FRAGMENT = 4;
export const MIN_NAME_LENGTH = 2;

export interface SearchQuery {
  /** The text as typed, trimmed. */
  text: string;
  /** Lower-case id fragment (uuid characters only, or an end-to-end id), when the text can be one. */
  idFragment: string | null;
  /** The text as a name: lower case, accents removed, inner spaces collapsed. */
  name: string | null;
  /** Decimal strings (`1234.56`, no grouping, no trailing zeros) the text exactly reads as. */
  amounts: string[];
}

/** Accent- and case-insensitive comparison form of a name (`Importação` → `importacao`). */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** `1234.50` → `1234.5`, `100.00` → `100`: one form per value, so equal amounts compare equal as strings. */
export function canonicalDecimal(value: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return value;
  const int = m[2]!.replace(/^0+(?=\d)/, '');
  const frac = (m[3] ?? '').replace(/0+$/, '');
  return frac ? `${int}.${frac}` : int;
}

/**
 * The exact amounts a text reads as. The user's locale decides (`1.234` is 1234 in pt-BR and 1.234 in en); the
 * other notation counts only where the user's own reading is not an amount (`1,234.56` typed in pt-BR), so an
 * ambiguous text never matches two values. Up to 6 decimals (the stablecoins' scale); never rounded.
 */
export function readAmounts(text: string, locale: AppLocale): string[] {
  const s = text.trim().replace(/\s+/g, '');
  if (!/^[\d.,]+$/.test(s) || !/\d/.test(s)) return [];
  const own = readTyped(s, 'USDC', locale);
  if (own.kind === 'ok') return [canonicalDecimal(own.value)];
  const out: string[] = [];
  for (const other of LOCALES) {
    if (other === locale) continue;
    const reading = readTyped(s, 'USDC', other);
    if (reading.kind === 'ok') out.push(canonicalDecimal(reading.value));
  }
  return out;
}

const UUID_CHARS = /^[0-9a-f-]+$/;
// End-to-end ids (PIX: `E` + ISPB + date + sequence) are letters and digits; an operation id is a uuid.
const E2E_CHARS = /^[0-9a-z]+$/;

/** Classifies the typed text; null when it is too short, too long or empty to search. */
export function classifyQuery(raw: string, locale: AppLocale): SearchQuery | null {
  const text = raw.trim();
  if (text.length === 0 || text.length > MAX_QUERY_LENGTH) return null;
  const lower = text.toLowerCase();
  const idLike = lower.length >= MIN_ID_FRAGMENT && (UUID_CHARS.test(lower) || E2E_CHARS.test(lower)) && /\d/.test(lower);
  const folded = foldText(text);
  const name = folded.length >= MIN_NAME_LENGTH && /\p{L}/u.test(folded) ? folded : null;
  const amounts = readAmounts(text, locale);
  if (!idLike && !name && amounts.length === 0) return null;
  return { text, idFragment: idLike ? lower : null, name, amounts };
}

/**
 * Can a uuid (any case) contain this lower-case fragment? Only hex digits and hyphens can: an end-to-end id
 * fragment such as `e9999xx` never matches an operation, payout, user or webhook message id, so those look-ups
 * are skipped.
 */
export function canBeInUuid(fragment: string): boolean {
  return UUID_CHARS.test(fragment);
}

/** Does an id (or end-to-end id) contain the fragment? Case-insensitive; hyphens in the fragment are kept. */
export function idMatches(id: string | null | undefined, fragment: string): boolean {
  return !!id && id.toLowerCase().includes(fragment);
}

/** Does a folded name contain the folded query (`acme imp` in `acme importacao ltda`)? */
export function nameMatches(foldedName: string, foldedQuery: string): boolean {
  return foldedName.includes(foldedQuery);
}
