/**
 * When a weakening change takes effect. With another active admin, it waits for that admin's approval (and expires
 * unanswered after CONTROL_CHANGE_EXPIRY_DAYS). With no other active admin there is nobody to ask, so it takes
 * effect by itself after `CONTROL_CHANGE_DELAY_HOURS` (24 by default) — time in which it is announced on every
 * admin's console and can be cancelled, and in which a new admin could still reject it.
 */
export const DEFAULT_CONTROL_CHANGE_DELAY_HOURS = 24;
export const MAX_CONTROL_CHANGE_DELAY_HOURS = 720;

/** `CONTROL_CHANGE_DELAY_HOURS`: whole hours 1-720; unset: 24. Null when malformed (0 would remove the control). */
export function parseControlChangeDelayHours(raw: string | undefined): number | null {
  const text = (raw ?? '').trim();
  if (!text) return DEFAULT_CONTROL_CHANGE_DELAY_HOURS;
  if (!/^\d{1,3}$/.test(text)) return null;
  const hours = Number(text);
  return hours >= 1 && hours <= MAX_CONTROL_CHANGE_DELAY_HOURS ? hours : null;
}
