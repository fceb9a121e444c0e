import { useLocale, useTimeZone } from 'next-intl';
import { DEFAULT_TIME_ZONE } from '@/lib/i18n/config';
import { formatDate, formatDateTime, formatDateTimeUtc } from '@/lib/i18n/format';

/**
 * A `<time>` in the user's locale and time zone (`23/11/2026 05:08`), the UTC instant on hover
 * (`23/11/2026 08:08:09 UTC`). Works in server components and, under an IntlScope, in client components.
 * `dateOnly` shows the day (a plain `yyyy-mm-dd` is a calendar day and is never shifted); `seconds` adds seconds.
 */
export function DateTimeText({
  value,
  dateOnly = false,
  seconds = false,
  className,
}: {
  value: string;
  dateOnly?: boolean;
  seconds?: boolean;
  className?: string;
}) {
  const locale = useLocale();
  const timeZone = useTimeZone() ?? DEFAULT_TIME_ZONE;
  const text = dateOnly ? formatDate(value, { locale, timeZone }) : formatDateTime(value, { locale, timeZone, seconds });
  return (
    <time dateTime={value} title={formatDateTimeUtc(value, locale)} className={className}>
      {text}
    </time>
  );
}
