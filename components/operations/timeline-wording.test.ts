import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en/operations.json';
import pt from '@/messages/pt-BR/operations.json';

// The operation timeline's "time since the previous state": the number picks its plural form in each language.
const t = (locale: 'en' | 'pt-BR') =>
  createTranslator({ locale, messages: { operations: locale === 'en' ? en : pt }, namespace: 'operations.detail.timeline' });

describe('time since the previous state', () => {
  it('one second is singular, other counts plural, numbers in the locale’s format', () => {
    expect(t('en')('afterLabel', { seconds: 1 })).toBe('1 second after the previous state');
    expect(t('en')('afterLabel', { seconds: 2.5 })).toBe('2.5 seconds after the previous state');
    expect(t('pt-BR')('afterLabel', { seconds: 1 })).toBe('1 segundo após a situação anterior');
    expect(t('pt-BR')('afterLabel', { seconds: 12.5 })).toBe('12,5 segundos após a situação anterior');
    expect(t('pt-BR')('after', { seconds: 1.5 })).toBe('+1,5 s');
  });
});
