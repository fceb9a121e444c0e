/**
 * The console's languages and defaults. Client-safe: no server APIs, no messages.
 * The users are Brazilian companies, so Portuguese (Brazil) and São Paulo time are the defaults when neither the
 * user's saved preference nor the browser says otherwise.
 */
export const LOCALES = ['pt-BR', 'en'] as const;
export type AppLocale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: AppLocale = 'pt-BR';
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

/** Set once by the browser (components/i18n/time-zone-cookie.tsx) so the server can render in its time zone. */
export const TIME_ZONE_COOKIE = 'console-tz';

export function isLocale(value: unknown): value is AppLocale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Zones `Intl` already accepted in this process, by their canonical names. Every page render asks about the user's
 * saved zone and the cookie's (getRequestIntl → pickTimeZone), and building a `DateTimeFormat` to ask costs far
 * more than a set lookup (README, "Request overhead"). Only names `Intl` gives back as they came are kept: a
 * finite set. `Intl` also accepts any casing of a name ("america/sao_paulo"), and caching those would let made-up
 * cookies grow the set without end, so they are checked each time.
 */
const KNOWN_ZONES = new Set<string>();

/** True for an IANA zone the runtime knows (`America/Sao_Paulo`, `UTC`); a cookie or column is never trusted blindly. */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return false;
  if (KNOWN_ZONES.has(value)) return true;
  let canonical: string;
  try {
    canonical = new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return false;
  }
  if (canonical === value) KNOWN_ZONES.add(value);
  return true;
}

/**
 * The best of our locales for an `Accept-Language` header, or null when none fits.
 * Matching is by language (any `pt-*` → pt-BR, any `en-*` → en), highest q first, ties in header order;
 * `q=0` means "not this one". Written here rather than pulled in as a dependency because the console has two
 * locales and a lookup matcher would refuse `pt-PT` for `pt-BR`, which a Portuguese reader still prefers to English.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): AppLocale | null {
  if (!header) return null;
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = qParam ? Number(qParam.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((r) => r.tag && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranges) {
    const language = tag.split('-')[0];
    if (language === 'pt') return 'pt-BR';
    if (language === 'en') return 'en';
  }
  return null;
}

/** Saved preference, else Accept-Language, else pt-BR. */
export function pickLocale(saved: string | null | undefined, acceptLanguage: string | null | undefined): AppLocale {
  if (isLocale(saved)) return saved;
  return localeFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
}

/** A zone named in a request (an export's `tz`), or UTC when it names none the runtime knows. */
export function zoneOrUtc(value: unknown): string {
  return isTimeZone(value) ? value : 'UTC';
}

/** Saved preference, else the browser's (cookie), else America/Sao_Paulo. */
export function pickTimeZone(saved: string | null | undefined, browser: string | null | undefined): string {
  if (isTimeZone(saved)) return saved;
  if (isTimeZone(browser)) return browser;
  return DEFAULT_TIME_ZONE;
}
