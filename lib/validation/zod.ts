// zod/mini, not classic zod: these schemas reach client forms (zodResolver), and mini tree-shakes to what is used.
import * as z from 'zod/mini';
import { validateCnpj } from './cnpj';
import { validateCpf } from './cpf';
import { DICT_KEY_TYPES, validatePixKey } from './pix';
import { fieldKey, type ValidationResult } from './validation-result';

// Issue messages are `validation` catalogue keys (fieldKey), worded in the reader's language by the form.

/** zod/mini's transform payload has no `addIssue`; this records a custom issue the way classic zod's does. */
export function addTransformIssue(ctx: z.core.ParsePayload, issue: { message: string; path?: PropertyKey[]; params?: Record<string, unknown> }): void {
  ctx.issues.push({ code: 'custom', input: ctx.value, ...issue });
}

function failureKey(r: Extract<ValidationResult, { ok: false }>): string {
  return fieldKey(r.key, r.values);
}

function fromValidator(validate: (input: string) => ValidationResult, requiredMessage: string) {
  return z.pipe(
    z.string({ error: requiredMessage }),
    z.transform((input: string, ctx) => {
      const r = validate(input);
      if (!r.ok) {
        addTransformIssue(ctx, { message: input.trim() === '' ? requiredMessage : failureKey(r) });
        return z.NEVER;
      }
      return r.normalized;
    }),
  );
}

/** A CPF typed with or without the mask; output is the 11 digits. */
export const cpfSchema = fromValidator(validateCpf, 'cpfRequired');

/** A CNPJ (numeric or alphanumeric) typed with or without the mask; output is the 14 upper-case characters. */
export const cnpjSchema = fromValidator(validateCnpj, 'cnpjRequired');

export const TAX_ID_TYPES = ['CPF', 'CNPJ'] as const;

function requiredKey(type: (typeof TAX_ID_TYPES)[number]): string {
  return type === 'CPF' ? 'cpfRequired' : 'cnpjRequired';
}
export const taxIdTypeSchema = z.enum(TAX_ID_TYPES, { error: 'taxIdTypeRequired' });

/** `{ value, type }` as the contract's TaxId; the error lands on `value`, output value normalised. */
export const taxIdSchema = z.pipe(
  z.object({ value: z.string({ error: 'taxIdRequired' }), type: taxIdTypeSchema }),
  z.transform((input: { value: string; type: (typeof TAX_ID_TYPES)[number] }, ctx) => {
    const r = input.type === 'CPF' ? validateCpf(input.value) : validateCnpj(input.value);
    if (!r.ok) {
      const message = input.value.trim() === '' ? requiredKey(input.type) : failureKey(r);
      addTransformIssue(ctx, { path: ['value'], message });
      return z.NEVER;
    }
    return { value: r.normalized, type: input.type };
  }),
);

export const dictKeyTypeSchema = z.enum(DICT_KEY_TYPES, { error: 'pixKeyTypeRequired' });

/** `{ dictKeyType, dictKey }` for PIX instructions; the key's error lands on `dictKey`, output key normalised. */
export const pixKeySchema = z.pipe(
  z.object({ dictKeyType: dictKeyTypeSchema, dictKey: z.string({ error: 'pixKeyRequired' }) }),
  z.transform((input: { dictKeyType: (typeof DICT_KEY_TYPES)[number]; dictKey: string }, ctx) => {
    const r = validatePixKey(input.dictKeyType, input.dictKey);
    if (!r.ok) {
      addTransformIssue(ctx, { path: ['dictKey'], message: failureKey(r) });
      return z.NEVER;
    }
    return { dictKeyType: input.dictKeyType, dictKey: r.normalized };
  }),
);

/**
 * For larger forms (e.g. a beneficiary with holder + PIX instruction) that need a plain object schema they
 * can extend: `z.object({ ...pixKeyShape, other }).check(z.superRefine((v, ctx) => refinePixKey(v, ctx)))`.
 */
export const pixKeyShape = {
  dictKeyType: dictKeyTypeSchema,
  dictKey: z.string({ error: 'pixKeyRequired' }),
};

export function refinePixKey(
  value: { dictKeyType: (typeof DICT_KEY_TYPES)[number]; dictKey: string },
  ctx: z.core.$RefinementCtx,
  path: PropertyKey[] = ['dictKey'],
): void {
  const r = validatePixKey(value.dictKeyType, value.dictKey);
  if (!r.ok) ctx.addIssue({ code: 'custom', path, message: failureKey(r) });
}

export function refineTaxId(
  value: { type: (typeof TAX_ID_TYPES)[number]; value: string },
  ctx: z.core.$RefinementCtx,
  path: PropertyKey[] = ['value'],
): void {
  const r = value.type === 'CPF' ? validateCpf(value.value) : validateCnpj(value.value);
  if (!r.ok) ctx.addIssue({ code: 'custom', path, message: value.value.trim() === '' ? requiredKey(value.type) : failureKey(r) });
}
