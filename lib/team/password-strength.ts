import 'server-only';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import { PERSONAL_INFO_MESSAGE, containsPersonalInfo, personalTokens } from '../domain/team/password-policy';

/** A `validation` catalogue key. */
export const GUESSABLE_MESSAGE = 'passwordGuessable';

/** zxcvbn's "safely unguessable" level: resists an online attack and a throttled offline one. */
const MIN_SCORE = 3;

// Server-only on purpose: the common-password dictionary is large, so the browser checks only length.
let factory: ZxcvbnFactory | null = null;
function checker(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
  return factory;
}

/**
 * Why a new password is refused beyond the length rules (lib/domain/team/password-policy.ts), or null:
 * it contains the person's e-mail or name, or zxcvbn (common-password list, keyboard walks, repeats,
 * sequences, dates) scores it below 3.
 */
export function passwordStrengthProblem(password: string, person: { email?: string | null; name?: string | null }): string | null {
  if (containsPersonalInfo(password, person)) return PERSONAL_INFO_MESSAGE;
  const result = checker().check(password, personalTokens(person));
  return result.score < MIN_SCORE ? GUESSABLE_MESSAGE : null;
}
