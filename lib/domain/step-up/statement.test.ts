import { describe, expect, it } from 'vitest';
import { payoutApprovalStatement, type PayoutStatementInput } from '../payouts/approval-statement';
import { formatBps } from '../quotes/display';
import { formatAmount, toAmount } from '@/lib/money/amount';
import {
  CANONICAL_HEADER,
  canonicalStatement,
  differingFacts,
  maskKey,
  parseCanonicalStatement,
  sameStatement,
  statementDigest,
  StatementError,
  type StepUpStatement,
} from './statement';

const SIGNED = { expiresAt: '2026-11-25T12:05:00.000Z', nonce: 'nonce-0123456789' };
const payoutInput: PayoutStatementInput = {
  payout: {
    id: '7b0e4c8e-54a6-4c55-9f0c-2f1f6c1a9e01',
    amount: '1500.5',
    fixedSide: 'target',
    sourceAsset: 'USDT',
    targetAsset: 'BRL',
    sourceAccountId: '0b6f1c1e-1111-4222-8333-444455556666',
    beneficiaryId: '9c7d3e1a-aaaa-4bbb-8ccc-ddddeeeeffff',
    beneficiaryName: 'Ana  Lima',
    dictKeyType: 'PHONE',
    dictKey: '+5511987654321',
  },
  preview: { quoteId: '5a1d9f0b-0000-4000-8000-000000000001', rate: { value: '5.41230000', base: 'USDT', quote: 'BRL' }, driftBps: '-12.40' },
  acknowledged: false,
};

describe('canonical statement and digest', () => {
  it('is deterministic text: header, purpose, subject, facts in order, expiry and nonce last', () => {
    const statement = payoutApprovalStatement(payoutInput);
    const text = canonicalStatement({ ...statement, ...SIGNED });
    expect(text.split('\n')).toEqual([
      CANONICAL_HEADER,
      'purpose=payout.approve',
      `subject=${payoutInput.payout.id}`,
      `payout=${payoutInput.payout.id}`,
      'amount=1500.50',
      'asset=BRL',
      `sourceAccount=${payoutInput.payout.sourceAccountId}`,
      'sourceAsset=USDT',
      `beneficiary=${payoutInput.payout.beneficiaryId}`,
      'beneficiaryName=Ana Lima',
      'key=PHONE ••••••••4321',
      expect.stringMatching(/^keyFingerprint=[0-9a-f]{12}$/),
      `quote=${payoutInput.preview.quoteId}`,
      'rate=5.41230000 USDT/BRL',
      'maxDriftBps=50.00',
      `expiresAt=${SIGNED.expiresAt}`,
      `nonce=${SIGNED.nonce}`,
    ]);
    expect(statementDigest(text)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statementDigest(text)).toBe(statementDigest(canonicalStatement({ ...payoutApprovalStatement(payoutInput), ...SIGNED })));
    expect(parseCanonicalStatement(text)).toEqual({ ...statement, facts: statement.facts.map(([k, v]) => [k, v]), ...SIGNED });
  });

  it('pt-BR and en render the same digest: the reader sees localized words, the signature covers canonical values', () => {
    const statement = payoutApprovalStatement(payoutInput);
    const amount = toAmount(statement.facts.find(([k]) => k === 'amount')![1], 'BRL');
    const shown = {
      en: [formatAmount(amount, 'en-US'), formatBps('-12.40', 'en-US')],
      'pt-BR': [formatAmount(amount, 'pt-BR'), formatBps('-12.40', 'pt-BR')],
    };
    // What each reader sees differs…
    expect(shown.en[0]).not.toBe(shown['pt-BR'][0]);
    expect(shown['pt-BR'][0]).toMatch(/1\.500,50/);
    // …the statement each one's dialog was built from, and so the digest, does not: it is built before any wording.
    const en = statementDigest(canonicalStatement({ ...payoutApprovalStatement({ ...payoutInput }), ...SIGNED }));
    const pt = statementDigest(canonicalStatement({ ...payoutApprovalStatement({ ...payoutInput, payout: { ...payoutInput.payout } }), ...SIGNED }));
    expect(en).toBe(pt);
    // An amount typed with more zeros is the same money: the scale is the asset's.
    const padded = payoutApprovalStatement({ ...payoutInput, payout: { ...payoutInput.payout, amount: '1500.50' } });
    expect(sameStatement(padded, statement)).toBe(true);
  });

  it('every fact, the expiry and the nonce change the digest', () => {
    const base = payoutApprovalStatement(payoutInput);
    const d0 = statementDigest(canonicalStatement({ ...base, ...SIGNED }));
    const variants: StepUpStatement[] = [
      payoutApprovalStatement({ ...payoutInput, payout: { ...payoutInput.payout, amount: '1500.51' } }),
      payoutApprovalStatement({ ...payoutInput, payout: { ...payoutInput.payout, dictKey: '+5511900004321' } }),
      payoutApprovalStatement({ ...payoutInput, payout: { ...payoutInput.payout, id: '7b0e4c8e-54a6-4c55-9f0c-2f1f6c1a9e02' } }),
      payoutApprovalStatement({ ...payoutInput, preview: { ...payoutInput.preview, driftBps: '-80.00' }, acknowledged: true }),
      payoutApprovalStatement({ ...payoutInput, preview: { ...payoutInput.preview, rate: { ...payoutInput.preview.rate, value: '5.41240000' } } }),
    ];
    for (const v of variants) expect(statementDigest(canonicalStatement({ ...v, ...SIGNED }))).not.toBe(d0);
    expect(statementDigest(canonicalStatement({ ...base, ...SIGNED, nonce: 'nonce-other-0001' }))).not.toBe(d0);
    expect(statementDigest(canonicalStatement({ ...base, ...SIGNED, expiresAt: '2026-11-25T12:05:00.001Z' }))).not.toBe(d0);
    // Same last four digits, other key: the masked text agrees, the fingerprint does not.
    expect(differingFacts(base, variants[1])).toEqual(['keyFingerprint']);
    expect(differingFacts(base, variants[3])).toEqual(['maxDriftBps']);
  });

  it('refuses text that could forge a line, duplicate keys, reserved keys, non-UTC expiry', () => {
    const base: StepUpStatement = { purpose: 'payout.approve', subject: 'p1', facts: [['amount', '1.00']] };
    expect(() => canonicalStatement({ ...base, facts: [['amount', '1.00\nasset=BRL']], ...SIGNED })).toThrow(StatementError);
    expect(() => canonicalStatement({ ...base, facts: [['amount', '1'], ['amount', '2']], ...SIGNED })).toThrow(StatementError);
    expect(() => canonicalStatement({ ...base, facts: [['nonce', 'x']], ...SIGNED })).toThrow(StatementError);
    expect(() => canonicalStatement({ ...base, facts: [['Amount x', '1']], ...SIGNED })).toThrow(StatementError);
    expect(() => canonicalStatement({ ...base, ...SIGNED, expiresAt: '2026-11-25T09:05:00-03:00' })).toThrow(StatementError);
    expect(() => canonicalStatement({ ...base, purpose: 'other' as never, ...SIGNED })).toThrow(StatementError);
    expect(parseCanonicalStatement('not a statement')).toBeNull();
    expect(parseCanonicalStatement(canonicalStatement({ ...base, ...SIGNED }).replace('amount=1.00', 'amount=1.00\nx'))).toBeNull();
  });

  it('reordered facts are another statement', () => {
    const a: StepUpStatement = { purpose: 'payout.approve', subject: 'p', facts: [['a', '1'], ['b', '2']] };
    const b: StepUpStatement = { purpose: 'payout.approve', subject: 'p', facts: [['b', '2'], ['a', '1']] };
    expect(sameStatement(a, b)).toBe(false);
    expect(statementDigest(canonicalStatement({ ...a, ...SIGNED }))).not.toBe(statementDigest(canonicalStatement({ ...b, ...SIGNED })));
  });

  it('masks keys, keeping the last digits readable', () => {
    expect(maskKey('+5511987654321')).toBe('••••••••4321');
    expect(maskKey('abc')).toBe('•••');
    expect(maskKey('12345678')).toBe('••••••78');
  });
});
