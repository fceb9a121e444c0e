'use client';

import dynamic from 'next/dynamic';

/**
 * The quote's details and countdown badge, fetched when a quote is asked for (`preloadQuoteParts`, as the form sends)
 * rather than with the page: a quote-then-operate form shows them only once a quote is held, and the quote takes
 * longer to come than they do (should it come first, the card's other lines show and these join them a moment later).
 */
const loadDetails = () => import('./quote-details');
const loadBadge = () => import('./quote-countdown-badge');

export const LazyQuoteDetails = dynamic(() => loadDetails().then((m) => m.QuoteDetails), { ssr: false });
export const LazyQuoteCountdownBadge = dynamic(() => loadBadge().then((m) => m.QuoteCountdownBadge), { ssr: false });

export function preloadQuoteParts(): void {
  // A failed download is tried again when the part renders.
  loadDetails().catch(() => undefined);
  loadBadge().catch(() => undefined);
}
