/**
 * Whether a request comes from a phone: the browser's own client hint (`Sec-CH-UA-Mobile: ?1`, Chromium-based
 * browsers), else a phone's user agent (Safari and Firefox send no hints: `iPhone`, `Android … Mobile`). Tablets and
 * desktops, whatever their window's width, are not phones.
 */
export function isPhoneRequest(mobileHint: string | null, userAgent: string | null): boolean {
  if (mobileHint === '?1') return true;
  if (mobileHint === '?0') return false;
  return /\b(iPhone|iPod)\b|\bAndroid\b.*\bMobile\b/.test(userAgent ?? '');
}
