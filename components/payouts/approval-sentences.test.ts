import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en/approvalPolicy.json';
import pt from '@/messages/pt-BR/approvalPolicy.json';
import { policySentences, type PolicyTranslator } from './approval-sentences';

// The saved policy is worded on the server (/payouts) and the draft in the editor: both read it through this.
const t = (locale: 'en' | 'pt-BR') =>
  createTranslator({ locale, messages: { approvalPolicy: locale === 'en' ? en : pt }, namespace: 'approvalPolicy' }) as unknown as PolicyTranslator;

const tiers = [
  { upTo: '10000.00', steps: [{ approvals: 1, roles: ['finance', 'admin'] as const }] },
  { upTo: null, steps: [{ approvals: 2, roles: ['finance', 'admin'] as const }, { approvals: 1, roles: ['admin'] as const }] },
].map((tier) => ({ ...tier, steps: tier.steps.map((s) => ({ ...s, roles: [...s.roles] })) }));

describe('the approval policy in words', () => {
  it('one sentence a tier, then the daily cap, in the reader’s language and notation', () => {
    expect(policySentences(t('en'), { tiers, dailyCap: '50000.00' }, 'BRL', 'en')).toEqual([
      'Up to R$10,000.00: one approval by finance or admin.',
      'Above R$10,000.00: 2 approvals by finance or admin, then one approval by admin.',
      "A requester's payouts above R$50,000.00 in one day (UTC) also need one approval by admin.",
    ]);
    const words = policySentences(t('pt-BR'), { tiers, dailyCap: null }, 'BRL', 'pt-BR');
    expect(words[0]).toMatch(/^Até R\$\s10\.000,00: uma aprovação de financeiro ou administrador\.$/);
    expect(words).toHaveLength(3);
    expect(words[2]).toBe(pt.sentence.noCap);
  });

  it('a single tier reads as any amount', () => {
    expect(policySentences(t('en'), { tiers: [tiers[1]!], dailyCap: null }, 'BRL', 'en')[0]).toBe(
      'Any amount: 2 approvals by finance or admin, then one approval by admin.',
    );
  });
});
