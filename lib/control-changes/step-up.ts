import 'server-only';
import { beginStepUp, consumeStepUp, type StepUpChallenge, type StepUpProof, type StepUpResponse } from '@/lib/auth/step-up/service';
import { relyingParty } from '@/lib/auth/factors/sign-in-step';
import type { SessionUser } from '@/lib/auth/sessions';
import { now } from '@/lib/clock';
import { getEnv } from '@/lib/env';
import { controlChangeStatement } from '@/lib/domain/control-changes';
import { approveControlChange, changeToApprove, type ApplyOutcome, type ControlChange } from './service';

function statementOf(change: ControlChange) {
  return controlChangeStatement({ id: change.id, kind: change.kind, requestedByEmail: change.requestedByEmail, before: change.before as never, after: change.after as never });
}

/** Shows the approving admin what they sign: a stored challenge over the change as its row says now. */
export async function beginControlChangeStepUp(user: SessionUser, changeId: string): Promise<StepUpChallenge> {
  const change = await changeToApprove(user, changeId);
  return beginStepUp(user, statementOf(change));
}

/**
 * Approves with a step-up: inside the approval's transaction, with the change's row locked, the statement is
 * recomputed from that row and must be the one signed (same change, same kind, same before and after), and the
 * answer is consumed once; only then does the change move to APPROVED and apply. A refused step-up changes nothing.
 */
export async function approveControlChangeWithStepUp(
  user: SessionUser,
  changeId: string,
  response: StepUpResponse | undefined,
): Promise<{ change: ControlChange; outcome: ApplyOutcome; proof: StepUpProof }> {
  let proof: StepUpProof | null = null;
  const { change, outcome } = await approveControlChange(user, changeId, {
    verify: async (locked, tx) => {
      // Consumed on the approval's own transaction: the embedded engine has one connection, and a refused or
      // failed approval leaves the challenge as it was.
      proof = await consumeStepUp(user, response, statementOf(locked), { db: tx, rp: relyingParty(), serverSecret: getEnv().NEXTAUTH_SECRET, at: now() });
    },
  });
  return { change, outcome, proof: proof! };
}
