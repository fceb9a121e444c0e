// Pure: which accounts the sandbox's "Send test events" moves its small transfers between, and how a test
// operation is told apart from real traffic wherever it is listed.
import Decimal from 'decimal.js';

/** What the test-event picker needs of an account (lib/api/own-accounts' OwnAccount fits). */
export interface TestEventAccount {
  id: string;
  name: string;
  status: string;
  assets: ReadonlyArray<{ asset: string; status: string; available: { value: string } | null }>;
}

export const TEST_TRANSFER_ASSET = 'BRL';
export const TEST_TRANSFER_VALUE = '0.01';

export type TestTransferPick =
  | { ok: true; source: TestEventAccount; target: TestEventAccount; needed: string }
  | { ok: false; problem: 'NO_ACCOUNTS' | 'NO_FUNDS'; needed: string };

function available(account: TestEventAccount): Decimal {
  const brl = account.assets.find((a) => a.asset === TEST_TRANSFER_ASSET);
  try {
    return new Decimal(brl?.available?.value ?? '0');
  } catch {
    return new Decimal(0);
  }
}

/**
 * Two active accounts with BRL enabled, the source being the one with the most reais available, so the test
 * transfers settle instead of failing for want of funds (an empty, newly created account would make every one a
 * FAILED operation on the Overview). `NO_FUNDS` when no such account holds `count × 0.01` BRL.
 */
export function pickTestTransferAccounts(accounts: readonly TestEventAccount[], count: number): TestTransferPick {
  const needed = new Decimal(TEST_TRANSFER_VALUE).times(count).toFixed(2);
  const eligible = accounts.filter(
    (a) => a.status === 'ACTIVE' && a.assets.some((s) => s.asset === TEST_TRANSFER_ASSET && s.status === 'ACTIVE'),
  );
  if (eligible.length < 2) return { ok: false, problem: 'NO_ACCOUNTS', needed };
  const richest = [...eligible].sort((a, b) => available(b).comparedTo(available(a)))[0];
  if (available(richest).lessThan(needed)) return { ok: false, problem: 'NO_FUNDS', needed };
  const target = eligible.find((a) => a.id !== richest.id)!;
  return { ok: true, source: richest, target, needed };
}

/**
 * The tag the sandbox stamps on the transfers its test-event helper makes (`POST /_sandbox/operations/test-transfer`,
 * lib/sandbox/README.md); the console marks such operations "Test" in lists, the Overview and the detail.
 */
export const TEST_OPERATION_TAG = { key: 'sandbox-test', value: 'test-event' } as const;

export function isTestOperation(op: { tags?: ReadonlyArray<{ key: string | null; value: string }> | null }): boolean {
  return (op.tags ?? []).some((t) => t.key === TEST_OPERATION_TAG.key && t.value === TEST_OPERATION_TAG.value);
}
