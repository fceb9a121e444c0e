// Quote-then-operate logic shared by convert, deposits and payouts. Pure: no React, no server-only.
// `idempotency.ts` uses node:crypto and is imported directly by server code, not re-exported here.
export { buildQuoteRequest, type FixedSide, type QuoteIntent, type QuoteRequestBody, type QuoteRequestResult } from './request';
export { clockOffsetMs, countdownAt, expireNow, quoteClock, type CountdownState, type QuoteClock } from './countdown';
export { driftBps, sameDirection, spreadBps } from './rates';
export { toQuoteView, type QuoteView, type WireQuote } from './view';
