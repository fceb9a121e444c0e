import { describe, expect, it } from 'vitest';
import { isPhoneRequest } from './phone';

// A phone gets a list's cards alone (components/data-table/data-list.tsx) and the folded menu alone (app/(console)/layout.tsx);
// a tablet or a desktop, at any window width, gets both.
const PIXEL = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const IPAD = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

describe('a phone’s request', () => {
  it('the client hint decides when the browser sends one', () => {
    expect(isPhoneRequest('?1', DESKTOP)).toBe(true);
    expect(isPhoneRequest('?0', PIXEL)).toBe(false);
  });

  it('without a hint, a phone’s user agent (Safari, Firefox)', () => {
    expect(isPhoneRequest(null, IPHONE)).toBe(true);
    expect(isPhoneRequest(null, PIXEL)).toBe(true);
    expect(isPhoneRequest(null, ANDROID_TABLET)).toBe(false);
    expect(isPhoneRequest(null, IPAD)).toBe(false);
    expect(isPhoneRequest(null, DESKTOP)).toBe(false);
    expect(isPhoneRequest(null, null)).toBe(false);
  });
});
