import { ASSETS, type Asset } from '@/lib/money/assets';
import { ServiceError } from '../core/errors';
import { Validator } from '../core/validate';
import { DICT_KEY_TYPES, checkPixKey, checkTaxId, type DictKeyType } from './pix-keys';

type Obj = Record<string, unknown>;

export interface Address {
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string | null;
  country: string;
  postalCode: string;
}

export type Holder =
  | { type: 'INDIVIDUAL'; firstName: string; lastName: string; taxId: { value: string; type: 'CPF' | 'CNPJ' }; dateOfBirth: string; address: Address }
  | { type: 'COMPANY'; legalName: string; tradeName: string | null; taxId: { value: string; type: 'CNPJ' }; address: Address };

export interface InstructionInput {
  asset: Asset;
  dictKeyType: DictKeyType;
  dictKey: string;
}

export const RELATIONSHIP_TYPES = ['SELF_OWNED', 'THIRD_PARTY'] as const;
export type RelationshipType = (typeof RELATIONSHIP_TYPES)[number];

/**
 * Upstream answers validation failures of the beneficiary endpoints with 422 (not the usual 400); the body is the
 * same INVALID_DATA envelope.
 */
function done(v: Validator): void {
  try {
    v.done();
  } catch (err) {
    if (err instanceof ServiceError) throw new ServiceError(422, err.code, err.message, err.details);
    throw err;
  }
}

function parseAddress(v: Validator, parent: Obj | undefined, path: string): Address | undefined {
  const a = v.object(parent, path, { required: true });
  const addressLine1 = v.string(a, `${path}.addressLine1`, { required: true, maxLength: 200 });
  const addressLine2 = v.string(a, `${path}.addressLine2`, { nullable: true, maxLength: 200 });
  const city = v.string(a, `${path}.city`, { required: true, maxLength: 100 });
  const state = v.string(a, `${path}.state`, { required: true, maxLength: 100 });
  const country = v.string(a, `${path}.country`, { required: true, pattern: /^[A-Z]{2}$/ });
  const postalCode = v.string(a, `${path}.postalCode`, { required: true, maxLength: 20 });
  if (!a || addressLine1 === undefined || city === undefined || state === undefined || country === undefined || postalCode === undefined) {
    return undefined;
  }
  return { addressLine1, addressLine2: addressLine2 ?? null, city, state, country, postalCode };
}

function parseTaxId<T extends 'CPF' | 'CNPJ'>(
  v: Validator,
  parent: Obj | undefined,
  path: string,
  allowed: readonly T[],
): { value: string; type: T } | undefined {
  const t = v.object(parent, path, { required: true });
  const type = v.enum(t, `${path}.type`, allowed, { required: true });
  const raw = v.string(t, `${path}.value`, { required: true, maxLength: 32 });
  if (!type || raw === undefined) return undefined;
  const checked = checkTaxId(type, raw);
  if (!checked.ok) {
    v.add('VALIDATE_TAX_ID', checked.message, `${path}.value`, { type });
    return undefined;
  }
  return { value: checked.normalized, type };
}

function parseHolder(v: Validator, root: Obj | undefined): Holder | undefined {
  const h = v.object(root, 'holder', { required: true });
  const type = v.enum(h, 'holder.type', ['INDIVIDUAL', 'COMPANY'] as const, { required: true });
  if (!h || !type) return undefined;
  if (type === 'INDIVIDUAL') {
    const firstName = v.string(h, 'holder.firstName', { required: true, maxLength: 100 });
    const lastName = v.string(h, 'holder.lastName', { required: true, maxLength: 100 });
    const taxId = parseTaxId(v, h, 'holder.taxId', ['CPF', 'CNPJ'] as const);
    const dateOfBirth = v.date(h, 'holder.dateOfBirth', { required: true });
    const address = parseAddress(v, h, 'holder.address');
    if (firstName === undefined || lastName === undefined || !taxId || !dateOfBirth || !address) return undefined;
    return { type, firstName, lastName, taxId, dateOfBirth, address };
  }
  // A company is identified by its CNPJ (upstream notes 1.12): a CPF on a COMPANY holder is refused on the field.
  const legalName = v.string(h, 'holder.legalName', { required: true, maxLength: 200 });
  const tradeName = v.string(h, 'holder.tradeName', { nullable: true, maxLength: 200 });
  const taxId = parseTaxId(v, h, 'holder.taxId', ['CNPJ'] as const);
  const address = parseAddress(v, h, 'holder.address');
  if (legalName === undefined || !taxId || !address) return undefined;
  // A blank trade name is no trade name: the response says null rather than "".
  return { type, legalName, tradeName: tradeName && tradeName.trim() !== '' ? tradeName : null, taxId, address };
}

function parseInstruction(v: Validator, parent: Obj | undefined, path: string): InstructionInput | undefined {
  const p = v.object(parent, path, { required: true });
  const at = (k: string) => (path ? `${path}.${k}` : k);
  v.enum(p, at('type'), ['PIX'] as const, { required: true });
  const asset = v.enum(p, at('asset'), ASSETS, { required: true });
  const dictKeyType = v.enum(p, at('dictKeyType'), DICT_KEY_TYPES, { required: true });
  const dictKey = v.string(p, at('dictKey'), { required: true, maxLength: 100 });
  if (!p || !asset || !dictKeyType || dictKey === undefined) return undefined;
  const checked = checkPixKey(dictKeyType, dictKey);
  if (!checked.ok) {
    v.add('INVALID_PIX_KEY', checked.message, at('dictKey'), { dictKeyType });
    return undefined;
  }
  return { asset, dictKeyType, dictKey: checked.normalized };
}

export function parseCreateBeneficiary(body: unknown): { holder: Holder; relationshipType: RelationshipType; instruction: InstructionInput } {
  const v = new Validator('body');
  const root = v.root(body);
  const holder = parseHolder(v, root);
  const relationshipType = v.enum(root, 'relationshipType', RELATIONSHIP_TYPES, { required: true });
  const instruction = parseInstruction(v, root, 'paymentInstruction');
  done(v);
  return { holder: holder!, relationshipType: relationshipType!, instruction: instruction! };
}

/** POST /api/beneficiaries/{id}/payment-instructions: the body IS the instruction request. */
export function parseInstructionBody(body: unknown): InstructionInput {
  const v = new Validator('body');
  const root = v.root(body);
  let instruction: InstructionInput | undefined;
  if (root) {
    // parseInstruction reads `parent[path]`; wrap so the located field names stay `body:dictKey`.
    instruction = parseInstruction(v, { '': root } as Obj, '');
  }
  done(v);
  return instruction!;
}
