import { failureResponse, jsonResponse, routeFailure } from '@/lib/actions/route-handler';
import { getSessionUser } from '@/lib/auth/session';
import { answerSecondFactor } from '@/lib/auth/factors/sign-in-step';
import { makeFailure, toFailure } from '@/lib/errors';
import { errorsTranslator } from '@/lib/i18n/errors-translator';

export const dynamic = 'force-dynamic';

const MAX_BODY = 32 * 1024;

/**
 * POST `{method: 'totp'|'recovery', code}` or `{method: 'webauthn', response}`: the second factor at sign-in
 * (finishes it and replaces the session cookie) or inside the console (a fresh confirmation). 400 for an answer
 * that cannot be read, 401 for one that is wrong, replayed or for another credential — always a sentence.
 */
export async function POST(request: Request) {
  const user = await getSessionUser();
  if (!user) return routeFailure('UNAUTHENTICATED', 401);
  const text = await request.text();
  let body: unknown;
  try {
    if (text.length > MAX_BODY) throw new Error('too large');
    body = JSON.parse(text);
  } catch {
    return failureResponse(makeFailure('INVALID_INPUT', 400, { t: await errorsTranslator() }));
  }
  try {
    return jsonResponse({ ok: true, ...(await answerSecondFactor(user, body)) });
  } catch (error) {
    return failureResponse(toFailure(error, { t: await errorsTranslator() }));
  }
}
