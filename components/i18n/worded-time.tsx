import type { TimeWords } from '@/lib/i18n/format';

/**
 * DateTimeText's `<time>` with words the server already made (lib/i18n/format.ts `timeWords`): for client lists
 * that would otherwise format dates while they hydrate (the browser's first Intl use sets ICU up inside that task).
 */
export function WordedTime({ value, words, className }: { value: string; words: TimeWords; className?: string }) {
  return (
    <time dateTime={value} title={words.utc} className={className}>
      {words.text}
    </time>
  );
}
