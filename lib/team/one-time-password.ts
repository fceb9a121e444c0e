import 'server-only';
import { randomInt } from 'node:crypto';

// No look-alikes (0/o, 1/l/i) so the password survives being read aloud or retyped.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** 16 random characters in four groups (~79 bits), e.g. `k7mq-2xwd-9hfa-p3tn`. Shown once, changed at first sign-in. */
export function generateOneTimePassword(): string {
  const groups: string[] = [];
  for (let g = 0; g < 4; g++) {
    let group = '';
    for (let i = 0; i < 4; i++) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}
