const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});
// Seconds, for histories whose entries can fall in the same minute and must still read in order.
const DATE_TIME_SECONDS = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'UTC',
});
const DATE_ONLY = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

/** `21 Nov 2026, 22:14 UTC` (or `22:14:05 UTC` with seconds); the service speaks UTC, so the console says so. */
export function formatDateTime(iso: string, { seconds = false }: { seconds?: boolean } = {}): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${(seconds ? DATE_TIME_SECONDS : DATE_TIME).format(d)} UTC`;
}

/** `21 Nov 2026` for a date-time or a plain `yyyy-mm-dd` date. */
export function formatDate(iso: string): string {
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);
  return Number.isNaN(d.getTime()) ? iso : DATE_ONLY.format(d);
}

/** A machine-readable `<time>` showing the UTC date (and time unless `dateOnly`). */
export function DateText({
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
  return (
    <time dateTime={value} title={value} className={className}>
      {dateOnly ? formatDate(value) : formatDateTime(value, { seconds })}
    </time>
  );
}
