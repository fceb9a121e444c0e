import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en/operations.json';
import pt from '@/messages/pt-BR/operations.json';
import { reasonSentence } from './reason-sentence';

const translator = (locale: 'en' | 'pt-BR') =>
  createTranslator({ locale, messages: { operations: locale === 'en' ? en : pt }, namespace: 'operations.reasons' }) as unknown as (
    key: string,
    values?: Record<string, string>,
  ) => string;

describe('reasonSentence', () => {
  const insufficient = { code: 'INSUFFICIENT_BALANCE', message: 'Insufficient balance for the requested operation', details: {} };
  const unknown = { code: 'RAIL_TIMEOUT', message: 'The PIX rail timed out', details: {} };

  it('words a known code in the reader’s language, never the service’s English', () => {
    expect(reasonSentence(translator('pt-BR'), insufficient)).toEqual({
      sentence: 'O saldo da conta não era suficiente para esta operação.',
      code: 'INSUFFICIENT_BALANCE',
      // The service's English stays available as a detail, never as the sentence.
      detail: 'Insufficient balance for the requested operation',
    });
    expect(reasonSentence(translator('en'), insufficient)?.sentence).toBe('The account’s balance was not enough for this operation.');
  });

  it('quotes an unknown code’s text as the service’s, in both languages', () => {
    expect(reasonSentence(translator('pt-BR'), unknown)).toEqual({ sentence: 'Mensagem do serviço: “The PIX rail timed out”', code: 'RAIL_TIMEOUT', detail: null });
    expect(reasonSentence(translator('en'), unknown)?.sentence).toBe('The service says: “The PIX rail timed out”');
    expect(reasonSentence(translator('en'), { code: 'RAIL_TIMEOUT' })).toEqual({ sentence: 'Reason code RAIL_TIMEOUT', code: null, detail: null });
    expect(reasonSentence(translator('en'), null)).toBeNull();
  });
});
