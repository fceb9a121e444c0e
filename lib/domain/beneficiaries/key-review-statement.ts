import { keyFingerprint } from '@/lib/domain/payouts/approval-statement';
import { maskKey, type StepUpStatement } from '@/lib/domain/step-up/statement';
import { holderName } from './holder';
import type { InstructionLike } from './view';

/**
 * What an approver signs when approving a beneficiary key (step-up purpose `beneficiary-key.approve`, subject =
 * the instruction id): canonical values — the beneficiary id, the holder's name, the key type, the key masked plus a
 * fingerprint of the whole key (two keys with the same last characters still sign differently) and the asset.
 * Recomputed from the service at approval time, so a key that differs from the one shown does not verify.
 */
export function keyApprovalStatement(beneficiary: { id: string; holder: { type: string } }, instruction: InstructionLike): StepUpStatement {
  const { dictKeyType, dictKey } = instruction.address;
  const type = typeof dictKeyType === 'string' ? dictKeyType : String(instruction.address.rail ?? '');
  const key = typeof dictKey === 'string' ? dictKey : instruction.id;
  const facts: [string, string][] = [
    ['beneficiary', beneficiary.id],
    ['holder', holderName(beneficiary.holder).replace(/\s+/g, ' ').trim()],
    ['keyType', type],
    ['key', maskKey(key)],
    ['keyFingerprint', keyFingerprint(type, key)],
    ['asset', instruction.asset],
  ];
  return { purpose: 'beneficiary-key.approve', subject: instruction.id, facts };
}
