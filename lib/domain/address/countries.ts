/**
 * ISO 3166-1 alpha-2 country codes (the 249 officially assigned ones, as in the upstream Address enum).
 * Names come from the runtime's `Intl.DisplayNames`, so no name table ships to the browser. Call the naming functions
 * on the server only and pass the names down: browsers' ICU data differ from Node's for a few regions (FK, HK, MO,
 * PS), and a name computed on both sides would not hydrate.
 */
const CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO ' +
  'FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE ' +
  'JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO ' +
  'MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW ' +
  'PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM ' +
  'TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW';

export const COUNTRY_CODES: readonly string[] = Object.freeze(CODES.split(' '));

const COUNTRY_SET: ReadonlySet<string> = new Set(COUNTRY_CODES);

export function isCountryCode(value: unknown): value is string {
  return typeof value === 'string' && COUNTRY_SET.has(value);
}

const displayNames = new Map<string, Intl.DisplayNames | null>();

/** The name of a country code in `locale`; falls back to the code where the runtime has no region names. */
export function countryName(code: string, locale = 'en'): string {
  let names = displayNames.get(locale);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    } catch {
      names = null;
    }
    displayNames.set(locale, names);
  }
  return names?.of(code) ?? code;
}

export interface CountryOption {
  code: string;
  name: string;
}

/** All countries named and sorted in `locale`, for a picker. */
export function countryOptions(locale = 'en'): CountryOption[] {
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({ code, name: countryName(code, locale) })).sort((a, b) => collator.compare(a.name, b.name));
}
