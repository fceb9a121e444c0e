import { ASSETS } from '@/lib/money/assets';
import type { FieldMap } from '../core/filters';
import { ACCOUNT_STATUSES, ASSET_STATUSES } from './constants';

const elements = (column: string) => (condition: string) =>
  `EXISTS (SELECT 1 FROM jsonb_array_elements(${column}) AS e(value) WHERE ${condition})`;

/** The account list's `filters` fields (lib/sandbox/README.md), over table alias `a`. */
export const ACCOUNT_FILTER_FIELDS: FieldMap = {
  id: { type: 'uuid', expr: 'a.id' },
  status: { type: 'enum', expr: 'a.status', enumValues: ACCOUNT_STATUSES },
  'currentState.status': { type: 'enum', expr: 'a.status', enumValues: ACCOUNT_STATUSES },
  'states.status': {
    type: 'enum',
    expr: "(e.value->>'status')",
    any: elements('a.states'),
    last: 'a.status',
    enumValues: ACCOUNT_STATUSES,
  },
  'owner.legalName': { type: 'text', expr: 'a.legal_name' },
  'owner.taxId.value': { type: 'text', expr: 'a.tax_id' },
  'assets.asset': { type: 'enum', expr: "(e.value->>'asset')", any: elements('a.assets'), enumValues: ASSETS },
  'assets.status': { type: 'enum', expr: "(e.value->>'status')", any: elements('a.assets'), enumValues: ASSET_STATUSES },
  createdAt: { type: 'timestamp', expr: 'a.created_at' },
  updatedAt: { type: 'timestamp', expr: 'a.updated_at' },
  'tags.value': { type: 'text', expr: "(e.value->>'value')", any: elements('a.tags') },
  sourceAccountId: { type: 'uuid', expr: 'a.source_account_id' },
};
