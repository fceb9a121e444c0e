import type { Asset } from '@/lib/money/assets';
import type { Amount } from '@/lib/money/amount-core';
import type { FeeLine } from '../quotes/rates';

export const INTENT_TYPES = ['TRANSFER', 'SWAP', 'DEPOSIT', 'WITHDRAWAL'] as const;
export type IntentType = (typeof INTENT_TYPES)[number];

export const OPERATION_STATUSES = ['REQUESTED', 'PROCESSING', 'ON_HOLD', 'ACTION_REQUIRED', 'COMPLETED', 'FAILED'] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];

export const TERMINAL: ReadonlySet<OperationStatus> = new Set(['COMPLETED', 'FAILED']);

export interface Reason {
  code: string;
  message: string;
  details: Record<string, unknown>;
}

export interface StateEntry {
  status: OperationStatus;
  createdAt: string;
  reason: Reason | null;
}

export interface RailTransaction {
  id: string;
  type: 'PIX';
  direction: 'CREDIT' | 'DEBIT';
  amount: Amount;
  endToEnd: string;
  currentState: { status: 'PROCESSING' | 'CONFIRMED' | 'FAILED'; createdAt: string; reason: string | null };
}

export interface Tag {
  key: string | null;
  value: string;
}

export interface OperationRow {
  id: string;
  customer_id: string;
  intent_type: IntentType;
  status: OperationStatus;
  account_id: string;
  account_owner: string;
  target_account_id: string | null;
  source_asset: Asset;
  source_value: string;
  target_asset: Asset;
  target_value: string;
  quote_id: string;
  intent: Record<string, unknown>;
  event_intent: Record<string, unknown>;
  fees: FeeLine[];
  transactions: RailTransaction[];
  states: StateEntry[];
  tags: Tag[];
  debited: boolean;
  credited: boolean;
  refunded: boolean;
  paid_at: Date | null;
  next_action_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export const OPERATION_COLUMNS = `id, customer_id, intent_type, status, account_id, account_owner, target_account_id,
  source_asset, source_value::text AS source_value, target_asset, target_value::text AS target_value, quote_id, intent,
  event_intent, fees, transactions, states, tags, debited, credited, refunded, paid_at, next_action_at, created_at, updated_at`;
