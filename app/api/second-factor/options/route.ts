import { failureResponse, jsonResponse, routeFailure } from '@/lib/actions/route-handler';
import { getSessionUser } from '@/lib/auth/session';
import { secondFactorOptions } from '@/lib/auth/factors/sign-in-step';
import { toFailure } from '@/lib/errors';
import { errorsTranslator } from '@/lib/i18n/errors-translator';

export const dynamic = 'force-dynamic';

/** POST: passkey assertion options (with a new single-use challenge) for this session's user. */
export async function POST() {
  const user = await getSessionUser();
  if (!user) return routeFailure('UNAUTHENTICATED', 401);
  try {
    return jsonResponse(await secondFactorOptions(user));
  } catch (error) {
    return failureResponse(toFailure(error, { t: await errorsTranslator() }));
  }
}
