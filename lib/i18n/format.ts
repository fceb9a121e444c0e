/**
 * Dates, times and numbers for people, in their locale and time zone. Client-safe and pure (no React), so server
 * components, client components and tests format identically. Money has its own formatter
 * (lib/money/format-amount.ts) because it must never pass through a `number`.
 */

export interface DateTimeOptions {
  locale: string;
  timeZone: string;
  /** Show seconds (state histories, where entries within one minute must stay distinguishable). */
  seconds?: boolean;
}

// Lists format hundreds of cells; building an Intl formatter is the expensive part.
const cache = new Map<string, Intl.DateTimeFormat>();

function dtf(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(locale, options);
    } catch {
      // A malformed locale or zone must not break a page: fall back to UTC in the default locale.
      f = new Intl.DateTimeFormat('pt-BR', { ...options, timeZone: 'UTC' });
    }
    cache.set(key, f);
  }
  return f;
}

/** A `yyyy-mm-dd` date has no time: it is a calendar day, shown as such in every zone. */
const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

function parse(value: string): Date | null {
  const d = new Date(PLAIN_DATE.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(d.getTime()) ? null : d;
}

function datePart(d: Date, locale: string, timeZone: string): string {
  return dtf(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(d);
}

function timePart(d: Date, locale: string, timeZone: string, seconds: boolean): string {
  return dtf(locale, { hour: '2-digit', minute: '2-digit', ...(seconds ? { second: '2-digit' } : {}), timeZone }).format(d);
}

/** `23/11/2026 05:08` (pt-BR, America/Sao_Paulo, for 08:08 UTC); `11/23/2026 05:08 AM` in en. Unparseable input is returned as is. */
export function formatDateTime(value: string, { locale, timeZone, seconds = false }: DateTimeOptions): string {
  const d = parse(value);
  if (!d) return value;
  return `${datePart(d, locale, timeZone)} ${timePart(d, locale, timeZone, seconds)}`;
}

/** The same instant in UTC, with seconds, for the hover title: `23/11/2026 08:08:09 UTC`. */
export function formatDateTimeUtc(value: string, locale: string): string {
  const d = parse(value);
  if (!d) return value;
  return `${datePart(d, locale, 'UTC')} ${timePart(d, locale, 'UTC', true)} UTC`;
}

/** An instant worded for a `<time>` (components/i18n/worded-time.tsx): in the reader's zone, and in UTC for the hover. */
export interface TimeWords {
  text: string;
  utc: string;
}

/** What DateTimeText shows for `value`, worded where the data is read so the browser formats nothing at load. */
export function timeWords(value: string, options: DateTimeOptions): TimeWords {
  return { text: formatDateTime(value, options), utc: formatDateTimeUtc(value, options.locale) };
}

/** `23/11/2026` for a date-time (in `timeZone`) or a plain `yyyy-mm-dd` calendar date (never shifted). */
export function formatDate(value: string, { locale, timeZone }: Omit<DateTimeOptions, 'seconds'>): string {
  const d = parse(value);
  if (!d) return value;
  return datePart(d, locale, PLAIN_DATE.test(value) ? 'UTC' : timeZone);
}

const numberCache = new Map<string, Intl.NumberFormat>();

/** Counts and other non-money numbers (`1.234` in pt-BR). Money goes through formatAmount instead. */
export function formatCount(value: number, locale: string): string {
  let nf = numberCache.get(locale);
  if (!nf) {
    try {
      nf = new Intl.NumberFormat(locale);
    } catch {
      nf = new Intl.NumberFormat('pt-BR');
    }
    numberCache.set(locale, nf);
  }
  return nf.format(value);
}

/**
 * `ACTION_REQUIRED` → `Action required`, `HOTEL__HOSPITALITY` → `Hotel / hospitality`: the fallback for an enum value
 * the catalogue does not know yet (the contract leaves most enums open). Use useEnumLabel for display.
 */
export function humanizeEnum(value: string): string {
  const words = value.replace(/__/g, ' / ').replace(/_+/g, ' ').trim().toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : value;
}
