'use client';

import { useTranslations } from 'next-intl';
import type { CountdownState } from '@/lib/domain/quotes/countdown';
import type { QuoteWordsNamespace } from './quote-details';

/**
 * The quote's validity as a live timer: the seconds left on the SERVICE's clock (the caller's useQuoteCountdown,
 * corrected for skew), then "Expired". Words: `<namespace>.countdownLabel`, `.expiresIn`, `.expiredShort`.
 */
export function QuoteCountdownBadge({ countdown, namespace }: { countdown: CountdownState; namespace: QuoteWordsNamespace }) {
  const t = useTranslations(namespace);
  return (
    <span
      role="timer"
      aria-label={t('countdownLabel')}
      data-testid="quote-countdown"
      data-expired={countdown.expired ? 'true' : 'false'}
      className={
        countdown.expired
          ? 'rounded-full bg-tone-danger-bg px-2.5 py-0.5 text-xs font-medium text-tone-danger-fg'
          : 'rounded-full bg-tone-info-bg px-2.5 py-0.5 text-xs font-medium text-tone-info-fg tabular-nums'
      }
    >
      {countdown.expired ? t('expiredShort') : t('expiresIn', { seconds: countdown.secondsLeft })}
    </span>
  );
}
