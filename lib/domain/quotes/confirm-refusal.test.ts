import { describe, expect, it } from 'vitest';
import { afterConfirmRefusal } from './confirm-refusal';
import { countdownAt, quoteClock } from './countdown';

const receivedAt = Date.parse('2026-01-01T12:00:00Z');
// The service's clock runs 2 s ahead of the browser's; the quote has 30 s left on it.
const clock = quoteClock('2026-01-01T12:00:32Z', '2026-01-01T12:00:02Z', receivedAt);

describe('afterConfirmRefusal', () => {
  it.each(['QUOTE_EXPIRED', 'QUOTE_ALREADY_CONSUMED'])('%s ends the quote now, whatever its countdown said', (code) => {
    const now = receivedAt + 5_000;
    expect(countdownAt(clock, now).expired).toBe(false);
    const after = afterConfirmRefusal(code, clock, now);
    expect(after.quoteOver).toBe(true);
    expect(countdownAt(after.clock, now)).toMatchObject({ expired: true, remainingMs: 0 });
  });

  it.each(['TIMEOUT', 'SERVICE_UNAVAILABLE', 'INSUFFICIENT_FUNDS'])('%s leaves the quote to be sent again', (code) => {
    const after = afterConfirmRefusal(code, clock, receivedAt + 5_000);
    expect(after).toEqual({ quoteOver: false, clock });
    expect(countdownAt(after.clock, receivedAt + 5_000).secondsLeft).toBe(25);
  });
});
