import { displayDictKey } from './dict-key';

/** What the console needs of a payment instruction as the service sends it (open shapes pass through). */
export interface InstructionLike {
  id: string;
  asset: string;
  currentState: { status: string };
  address: { rail?: unknown; dictKeyType?: unknown; dictKey?: unknown } & Record<string, unknown>;
}

export interface PixKeyView {
  /** `EMAIL`, `CPF` … as the service sent it. */
  type: string;
  /** The key as people read it (CPF/CNPJ masked, phone grouped). */
  display: string;
}

/** The PIX key of an instruction, or null for another rail (shown by its id instead). */
export function pixKeyOf(instruction: InstructionLike): PixKeyView | null {
  const { dictKeyType, dictKey } = instruction.address;
  if (typeof dictKeyType !== 'string' || typeof dictKey !== 'string') return null;
  return { type: dictKeyType, display: displayDictKey(dictKeyType, dictKey) };
}

/** Only an APPROVED instruction can receive a payout (the payout service re-checks it at request time). */
export function isPayable(instruction: Pick<InstructionLike, 'currentState'>): boolean {
  return instruction.currentState.status === 'APPROVED';
}

/** The instructions a payout may go to, and whether the beneficiary has any. */
export function payableInstructions<T extends Pick<InstructionLike, 'currentState'>>(instructions: readonly T[]): T[] {
  return instructions.filter(isPayable);
}

export interface InstructionState {
  status: string;
  createdAt: string;
  reason?: { code?: string | null; message?: string | null } | string | null;
}

/**
 * An instruction's review history, oldest first. The service sends only the current state, and every
 * instruction starts PENDING_REVIEW when it is created: so the history is that start, then the decision if any.
 */
export function instructionHistory(instruction: { createdAt: string; currentState: InstructionState }): InstructionState[] {
  const start: InstructionState = { status: 'PENDING_REVIEW', createdAt: instruction.createdAt, reason: null };
  const current = instruction.currentState;
  if (current.status === 'PENDING_REVIEW') return [{ ...start, ...current }];
  return [start, current];
}
