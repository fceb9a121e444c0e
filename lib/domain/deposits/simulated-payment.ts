/**
 * The sandbox refused to pay a deposit in ("not in this state"): what to tell the person who asked. A deposit the
 * sandbox paid by itself meanwhile (PROCESSING, COMPLETED) got the payment they asked for, so that is their answer;
 * any other state (still REQUESTED, ON_HOLD, ACTION_REQUIRED, FAILED) means no payment happened, which is a refusal —
 * not a quiet refresh to a state they did not ask for. A status the contract does not list yet is a refusal too.
 */
export function simulatedPaymentOutcome(status: string): 'paid' | 'refused' {
  return status === 'PROCESSING' || status === 'COMPLETED' ? 'paid' : 'refused';
}
