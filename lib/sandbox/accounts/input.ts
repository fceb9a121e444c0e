import { isAsset, type Asset } from '@/lib/money/assets';
import { normalizeCnpj, isValidCnpj } from '@/lib/validation/cnpj';
import { normalizeCpf, isValidCpf } from '@/lib/validation/cpf';
import { ServiceError } from '../core/errors';
import type { Validator } from '../core/validate';
import { INDUSTRIES, TAX_ID_TYPES, type TaxIdType } from './constants';
import { isCountryCode } from './country';
import type { Address, CompanyOwner, TaxId } from './model';

type Obj = Record<string, unknown>;

export function parseAddress(v: Validator, parent: Obj | undefined, path: string): Address | undefined {
  const a = v.object(parent, path, { required: true });
  if (!a) return undefined;
  const addressLine1 = v.string(a, `${path}.addressLine1`, { required: true, maxLength: 200 });
  const addressLine2 = v.string(a, `${path}.addressLine2`, { nullable: true, maxLength: 200 });
  const city = v.string(a, `${path}.city`, { required: true, maxLength: 100 });
  const state = v.string(a, `${path}.state`, { required: true, maxLength: 100 });
  const country = v.string(a, `${path}.country`, { required: true, maxLength: 2 });
  if (country !== undefined && !isCountryCode(country)) {
    v.add('INVALID_ENUM', `Parameter '${v.field(`${path}.country`)}' must be an ISO 3166-1 alpha-2 country code`, `${path}.country`, { value: country });
  }
  const postalCode = v.string(a, `${path}.postalCode`, { required: true, maxLength: 20 });
  if (!addressLine1 || !city || !state || !country || !postalCode) return undefined;
  return { addressLine1, addressLine2: addressLine2?.trim() ? addressLine2 : null, city, state, country, postalCode };
}

/** `{value, type}` with CPF/CNPJ check digits (nested code VALIDATE_TAX_ID); the value is normalised. */
export function parseTaxId(v: Validator, parent: Obj | undefined, path: string, allowed: readonly TaxIdType[] = TAX_ID_TYPES): TaxId | undefined {
  const t = v.object(parent, path, { required: true });
  if (!t) return undefined;
  const type = v.enum(t, `${path}.type`, allowed, { required: true });
  const value = v.string(t, `${path}.value`, { required: true, maxLength: 30 });
  if (!type || !value) return undefined;
  const normalized = type === 'CNPJ' ? normalizeCnpj(value) : normalizeCpf(value);
  const valid = type === 'CNPJ' ? isValidCnpj(value) : isValidCpf(value);
  if (!normalized || !valid) {
    v.add('VALIDATE_TAX_ID', `Parameter '${v.field(`${path}.value`)}' is not a valid ${type}`, `${path}.value`, { type });
    return undefined;
  }
  return { value: normalized, type };
}

export interface CreateAccountInput {
  owner: CompanyOwner;
  assets: { asset: Asset; allowsVirtualAccounts: boolean }[];
}

export function parseCreateAccount(v: Validator, body: unknown, today: string): CreateAccountInput | undefined {
  const b = v.root(body);
  const assetsRaw = v.array(b, 'assets', { required: true, minItems: 1, maxItems: 20 });
  const assets: CreateAccountInput['assets'] = [];
  const seen = new Set<string>();
  assetsRaw?.forEach((_, i) => {
    const p = `assets[${i}]`;
    const item = v.object(assetsRaw, p, { required: true });
    if (!item) return;
    const code = v.string(item, `${p}.code`, { required: true });
    const isVirtual = v.boolean(item, `${p}.isVirtual`) ?? false;
    if (code === undefined) return;
    if (!isAsset(code)) {
      throw new ServiceError(400, 'UNSUPPORTED_ASSET', `Asset '${code.slice(0, 12)}' is not supported`, { asset: code.slice(0, 12) });
    }
    if (seen.has(code)) {
      v.add('DUPLICATE_ASSET', `Asset ${code} is listed more than once`, `${p}.code`, { asset: code });
      return;
    }
    seen.add(code);
    assets.push({ asset: code, allowsVirtualAccounts: isVirtual });
  });

  const o = v.object(b, 'owner', { required: true });
  if (o) v.enum(o, 'owner.type', ['COMPANY'] as const, { required: true });
  const legalName = v.string(o, 'owner.legalName', { required: true, maxLength: 200 });
  const taxId = parseTaxId(v, o, 'owner.taxId', ['CNPJ']);
  const industry = v.enum(o, 'owner.industry', INDUSTRIES, { required: true });
  const incorporateDate = v.date(o, 'owner.incorporateDate', { nullable: true });
  if (incorporateDate && incorporateDate > today) {
    v.add('INVALID_DATE', "Parameter 'body:owner.incorporateDate' must not be in the future", 'owner.incorporateDate', { value: incorporateDate });
  }
  const address = parseAddress(v, o, 'owner.address');
  v.done();
  return {
    owner: {
      type: 'COMPANY',
      legalName: legalName!.trim(),
      taxId: taxId!,
      industry: industry!,
      incorporateDate: incorporateDate ?? null,
      address: address!,
    },
    assets,
  };
}

export interface UboInput {
  name: string;
  taxId: TaxId;
  address: Address;
  ownershipPercentage: number | null;
}

export function parseUbo(v: Validator, body: unknown): UboInput {
  const b = v.root(body);
  const name = v.string(b, 'name', { required: true, maxLength: 200 });
  const taxId = parseTaxId(v, b, 'taxId');
  const address = parseAddress(v, b, 'address');
  const ownershipPercentage = v.number(b, 'ownershipPercentage', { nullable: true, min: 0, max: 100 });
  v.done();
  return { name: name!.trim(), taxId: taxId!, address: address!, ownershipPercentage: ownershipPercentage ?? null };
}
