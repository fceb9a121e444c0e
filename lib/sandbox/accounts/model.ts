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

// JSONB stores keys in its own order: rebuild objects in the contract's field order for readable responses.
function addressJson(a: Address): Address {
  return {
    addressLine1: a.addressLine1,
    addressLine2: a.addressLine2 ?? null,
    city: a.city,
    state: a.state ?? null,
    country: a.country,
    postalCode: a.postalCode,
  };
}

const taxIdJson = (t: TaxId): TaxId => ({ value: t.value, type: t.type });

function stateJson<S extends string>(e: StateEntry<S>): StateEntry<S> {
  return e.reason ? { status: e.status, createdAt: e.createdAt, reason: reasonJson(e.reason) } : { status: e.status, createdAt: e.createdAt };
}

const reasonJson = (r: Reason): Reason => ({ code: r.code, message: r.message, details: r.details ?? {} });

function itemJson(i: RequirementItem): RequirementItem {
  return {
    type: i.type,
    documentType: i.documentType,
    documentSubType: i.documentSubType,
    group: i.group,
    options: i.options,
    uboId: i.uboId,
    requiredMetadata: i.requiredMetadata,
    metadata: i.metadata,
    reason: i.reason ? reasonJson(i.reason) : null,
  };
}

function requirementsJson(r: Requirements): Requirements {
  return {
    currentlyDue: r.currentlyDue.map(itemJson),
    pendingVerification: r.pendingVerification.map(itemJson),
    errors: r.errors.map(itemJson),
    satisfied: r.satisfied.map(itemJson),
  };
}

export function uboJson(u: Ubo) {
  const states = u.states.map(stateJson);
  const current = states[states.length - 1];
  return {
    id: u.id,
    name: u.name,
    taxId: taxIdJson(u.taxId),
    address: addressJson(u.address),
    ownershipPercentage: u.ownershipPercentage,
    currentState: current,
    states,
    createdAt: u.createdAt,
    updatedAt: u.updatedAt,
  };
}

/** The contract's Account. */
export function accountJson(r: AccountRow) {
  const states = r.states.map(stateJson);
  return {
    id: r.id,
    customer: { id: r.customer_id },
    owner: {
      type: r.owner.type,
      legalName: r.owner.legalName,
      taxId: taxIdJson(r.owner.taxId),
      industry: r.owner.industry,
      incorporateDate: r.owner.incorporateDate,
      address: addressJson(r.owner.address),
      ubos: r.ubos.map(uboJson),
    },
    assets: r.assets.map((a) => ({ asset: a.asset, allowsVirtualAccounts: a.allowsVirtualAccounts, status: a.status })),
    requirements: requirementsJson(r.requirements),
    tags: r.tags.map((t) => ({ key: t.key, value: t.value })),
    currentState: states[states.length - 1],
    states,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
    sourceAccountId: r.source_account_id,
  };
}

export type AccountJson = ReturnType<typeof accountJson>;

export function isFiat(asset: Asset): boolean {
  return !isStablecoin(asset);
}
