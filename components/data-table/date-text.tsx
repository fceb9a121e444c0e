import { DateTimeText } from '@/components/i18n/date-time-text';

/** Kept for existing imports: the date/time of a row, in the user's locale and time zone (see DateTimeText). */
export function DateText(props: { value: string; dateOnly?: boolean; seconds?: boolean; className?: string }) {
  return <DateTimeText {...props} />;
}
