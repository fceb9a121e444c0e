import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en/notifications.json';
import pt from '@/messages/pt-BR/notifications.json';
import { wordNotification, type NotificationsTranslator } from './wording';

// The inbox is worded where it is read (the page, /api/notifications); the browser only lays the words out.
const t = (locale: 'en' | 'pt-BR') =>
  createTranslator({ locale, messages: { notifications: locale === 'en' ? en : pt }, namespace: 'notifications' }) as unknown as NotificationsTranslator;

const payout = {
  kind: 'payout.awaiting-approval' as const,
  params: { requester: 'finance@acme.test', amount: '1500.00', asset: 'BRL', beneficiary: 'Fornecedor Ltda' },
  createdAt: '2026-11-23T08:08:09.000Z',
};

describe('an inbox item in the reader’s words', () => {
  it('the sentence with its amount, and the time, in each locale and the reader’s time zone', () => {
    expect(wordNotification(t('en'), payout, 'en', 'America/Sao_Paulo')).toEqual({
      title: 'Payout waiting for your approval',
      body: 'finance@acme.test asks to pay R$1,500.00 to Fornecedor Ltda.',
      when: { text: '11/23/2026 05:08 AM', utc: '11/23/2026 08:08:09 AM UTC' },
    });
    const words = wordNotification(t('pt-BR'), payout, 'pt-BR', 'Europe/Lisbon');
    expect(words.body).toMatch(/^finance@acme\.test pede para pagar R\$\s1\.500,00 a Fornecedor Ltda\.$/);
    expect(words.when.text).toMatch(/^23\/11\/2026,? 08:08$/);
  });

  it('an asset the console does not know is shown as stored; a control change names its kind in words', () => {
    expect(wordNotification(t('en'), { ...payout, params: { ...payout.params, asset: 'XYZ' } }, 'en', 'UTC').body).toContain('1500.00 XYZ');
    const change = { kind: 'control-change.pending' as const, params: { by: 'admin@acme.test', what: 'team.add-user' }, createdAt: payout.createdAt };
    expect(wordNotification(t('pt-BR'), change, 'pt-BR', 'UTC').body).toBe('admin@acme.test propôs: um novo usuário com direito de aprovar');
  });
});
