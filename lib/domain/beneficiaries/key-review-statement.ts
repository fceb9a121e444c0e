import { holderName } from './holder';
import { pixKeyOf, type InstructionLike } from './view';

/**
 * The facts an approver signs when approving a beneficiary key (step-up purpose `beneficiary-key.approve`): stable
 * keys and canonical values — ids, the holder's name, the key type, the key as masked for display and the asset.
 * Recomputed from the service at approval time, so a key that changed since the preview does not verify.
 */
export function keyApprovalFacts(
  beneficiary: { id: string; holder: { type: string } },
  instruction: InstructionLike,
): ReadonlyArray<readonly [string, string]> {
  const key = pixKeyOf(instruction);
  return [
    ['beneficiary', beneficiary.id],
    ['holder', holderName(beneficiary.holder)],
    ['keyType', key?.type ?? String(instruction.address.rail ?? '')],
    ['key', key?.display ?? instruction.id],
    ['asset', instruction.asset],
  ] as const;
}
