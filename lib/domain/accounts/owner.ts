import type { AccountOwner, Ubo } from '@/lib/api/schemas/account';

/** The name to show for an account's owner; the contract only shows COMPANY owners, others still render. */
export function ownerName(owner: AccountOwner): string {
  if ('legalName' in owner && typeof owner.legalName === 'string') return owner.legalName;
  if ('firstName' in owner && typeof owner.firstName === 'string') {
    return `${owner.firstName} ${typeof owner.lastName === 'string' ? owner.lastName : ''}`.trim();
  }
  return `Owner of type ${String(owner.type)}`;
}

/** The owner's tax id, when it has one. */
export function ownerTaxId(owner: AccountOwner): { value: string; type: string } | null {
  const taxId = (owner as { taxId?: unknown }).taxId;
  if (taxId && typeof taxId === 'object' && typeof (taxId as { value?: unknown }).value === 'string') {
    const t = taxId as { value: string; type?: unknown };
    return { value: t.value, type: typeof t.type === 'string' ? t.type : '' };
  }
  return null;
}

/** A company owner's beneficial owners; other owner kinds have none. */
export function ownerUbos(owner: AccountOwner): Ubo[] {
  const ubos = (owner as { ubos?: unknown }).ubos;
  return Array.isArray(ubos) ? (ubos as Ubo[]) : [];
}
