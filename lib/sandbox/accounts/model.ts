import { isStablecoin, type Asset } from '@/lib/money/assets';
import type { AccountStatus, AssetStatus, UboStatus } from './constants';

export interface Reason {
  code: string;
  message: string;
  details: Record<string, unknown>;
}

export interface StateEntry<S extends string = string> {
  status: S;
  createdAt: string;
  reason?: Reason;
}

export interface Address {
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string | null;
  country: string;
  postalCode: string;
}

export interface TaxId {
  value: string;
  type: string;
}

export type RequirementType = 'DOCUMENT' | 'DOCUMENT_GROUP' | 'UBO_VERIFICATION';

export interface RequirementItem {
  type: RequirementType;
  documentType: string | null;
  documentSubType: string | null;
  group: string | null;
  options: string[];
  uboId: string | null;
  requiredMetadata: string[];
  metadata: Record<string, string>;
  reason: Reason | null;
}

export interface Requirements {
  currentlyDue: RequirementItem[];
  pendingVerification: RequirementItem[];
  errors: RequirementItem[];
  satisfied: RequirementItem[];
}

export interface AccountAsset {
  asset: Asset;
  allowsVirtualAccounts: boolean;
  status: AssetStatus;
  /** Internal: when the asset became ACTIVE (funding-instruction ordering). Not serialised. */
  activatedAt?: string | null;
}

export interface Ubo {
  id: string;
  name: string;
  taxId: TaxId;
  address: Address;
  ownershipPercentage: number | null;
  states: StateEntry<UboStatus>[];
  createdAt: string;
  updatedAt: string;
}

export interface CompanyOwner {
  type: 'COMPANY';
  legalName: string;
  taxId: TaxId;
  industry: string;
  incorporateDate: string | null;
  address: Address;
}

export interface Tag {
  key: string | null;
  value: string;
}

export interface AccountRow {
  id: string;
  customer_id: string;
  status: AccountStatus;
  owner: CompanyOwner;
  ubos: Ubo[];
  assets: AccountAsset[];
  requirements: Requirements;
  tags: Tag[];
  states: StateEntry<AccountStatus>[];
  source_account_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export const ACCOUNT_COLUMNS =
  'id, customer_id, status, owner, ubos, assets, requirements, tags, states, source_account_id, created_at, updated_at';

export function state<S extends string>(status: S, at: Date, reason?: Reason): StateEntry<S> {
  return reason ? { status, createdAt: at.toISOString(), reason } : { status, createdAt: at.toISOString() };
}

export function uboJson(u: Ubo) {
  const current = u.states[u.states.length - 1];
  return {
    id: u.id,
    name: u.name,
    taxId: u.taxId,
    address: u.address,
    ownershipPercentage: u.ownershipPercentage,
    currentState: current,
    states: u.states,
    createdAt: u.createdAt,
    updatedAt: u.updatedAt,
  };
}

/** The contract's Account. */
export function accountJson(r: AccountRow) {
  return {
    id: r.id,
    customer: { id: r.customer_id },
    owner: { ...r.owner, ubos: r.ubos.map(uboJson) },
    assets: r.assets.map((a) => ({ asset: a.asset, allowsVirtualAccounts: a.allowsVirtualAccounts, status: a.status })),
    requirements: r.requirements,
    tags: r.tags,
    currentState: r.states[r.states.length - 1],
    states: r.states,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
    sourceAccountId: r.source_account_id,
  };
}

export type AccountJson = ReturnType<typeof accountJson>;

export function isFiat(asset: Asset): boolean {
  return !isStablecoin(asset);
}
