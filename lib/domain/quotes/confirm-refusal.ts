import { expireNow, type QuoteClock } from './countdown';

/** Refusals that end a quote: the service's clock and its single use win over the countdown on screen. */
const QUOTE_OVER_CODES: ReadonlySet<string> = new Set(['QUOTE_EXPIRED', 'QUOTE_ALREADY_CONSUMED']);

/**
 * What a refused confirm (swap, deposit) means for the quote on screen. When the service says the quote is over, its
 * countdown ends now and the quote cannot be sent again. Any other failure (a time-out, the service busy) leaves the
 * quote as it is and it may be sent again with the same key, so a retry is the same intent.
 */
export function afterConfirmRefusal(
  code: string,
  clock: QuoteClock,
  nowMs: number,
): { quoteOver: true; clock: QuoteClock } | { quoteOver: false; clock: QuoteClock } {
  return QUOTE_OVER_CODES.has(code) ? { quoteOver: true, clock: expireNow(clock, nowMs) } : { quoteOver: false, clock };
}
