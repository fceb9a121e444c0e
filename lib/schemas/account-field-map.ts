/**
 * Maps a service validation error's `field` (e.g. `body:owner.taxId.value`, `owner.address.postalCode`,
 * `assets[1].code`) or an action schema error (`address.city`) onto the create-account form field that shows
 * it. Pure and client-safe: the form applies it to the failure an action returns.
 */

export type CreateAccountFormPath =
  | 'legalName'
  | 'taxId'
  | 'industry'
  | 'incorporateDate'
  | 'address.addressLine1'
  | 'address.addressLine2'
  | 'address.city'
  | 'address.state'
  | 'address.country'
  | 'address.postalCode'
  | 'assets';

const FORM_PATHS: ReadonlySet<string> = new Set<CreateAccountFormPath>([
  'legalName',
  'taxId',
  'industry',
  'incorporateDate',
  'address.addressLine1',
  'address.addressLine2',
  'address.city',
  'address.state',
  'address.country',
  'address.postalCode',
  'assets',
]);

const ADDRESS_FIELDS = new Set(['addressLine1', 'addressLine2', 'city', 'state', 'country', 'postalCode']);

export function formPathForServiceField(field: string): CreateAccountFormPath | null {
  const path = field
    .replace(/^(body|query|path):/, '')
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean);
  if (path[0] === 'assets') return 'assets';
  const joined = path.join('.');
  // The action's own schema errors already use form paths.
  if (FORM_PATHS.has(joined)) return joined as CreateAccountFormPath;
  if (path[0] !== 'owner') return null;
  const [, first, second] = path;
  switch (first) {
    case 'legalName':
      return 'legalName';
    case 'taxId':
      return 'taxId';
    case 'industry':
      return 'industry';
    case 'incorporateDate':
      return 'incorporateDate';
    case 'address':
      return second && ADDRESS_FIELDS.has(second) ? (`address.${second}` as CreateAccountFormPath) : 'address.addressLine1';
    default:
      return null;
  }
}

/**
 * Splits service field errors into those a form field can show and those that cannot be placed
 * (shown in the form-level message instead).
 */
export function mapServiceFieldErrors(fieldErrors: Record<string, string | string[]> | undefined | null): {
  fields: Partial<Record<CreateAccountFormPath, string>>;
  unplaced: string[];
} {
  const fields: Partial<Record<CreateAccountFormPath, string>> = {};
  const unplaced: string[] = [];
  for (const [field, raw] of Object.entries(fieldErrors ?? {})) {
    const message = Array.isArray(raw) ? raw.join(' ') : raw;
    if (!message) continue;
    const target = formPathForServiceField(field);
    if (target && !fields[target]) fields[target] = message;
    else if (!target) unplaced.push(message);
  }
  return { fields, unplaced };
}
