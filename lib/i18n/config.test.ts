import { afterEach, describe, expect, it, vi } from 'vitest';
import { isTimeZone, localeFromAcceptLanguage, pickLocale, pickTimeZone } from './config';

describe('locale choice', () => {
  it('follows Accept-Language by language, highest q first', () => {
    expect(localeFromAcceptLanguage('en-US,en;q=0.9')).toBe('en');
    expect(localeFromAcceptLanguage('pt-BR,pt;q=0.9,en;q=0.8')).toBe('pt-BR');
    expect(localeFromAcceptLanguage('pt-PT')).toBe('pt-BR');
    expect(localeFromAcceptLanguage('de-DE,en;q=0.5,pt;q=0.7')).toBe('pt-BR');
    expect(localeFromAcceptLanguage('fr, en;q=0.1')).toBe('en');
    expect(localeFromAcceptLanguage('en;q=0, pt')).toBe('pt-BR');
    expect(localeFromAcceptLanguage('fr-FR, de')).toBeNull();
    expect(localeFromAcceptLanguage('')).toBeNull();
    expect(localeFromAcceptLanguage('*')).toBeNull();
  });

  it('prefers the saved choice, then the header, then pt-BR', () => {
    expect(pickLocale('en', 'pt-BR')).toBe('en');
    expect(pickLocale(null, 'en-GB')).toBe('en');
    expect(pickLocale('xx', 'fr')).toBe('pt-BR');
    expect(pickLocale(undefined, undefined)).toBe('pt-BR');
  });
});

describe('time zone choice', () => {
  it('accepts only zones the runtime knows', () => {
    expect(isTimeZone('America/Sao_Paulo')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone(undefined)).toBe(false);
  });

  describe('asks Intl once per canonical zone name', () => {
    afterEach(() => vi.restoreAllMocks());

    it('answers a name it has seen from memory, and a made-up or re-cased one by asking again', () => {
      const Real = Intl.DateTimeFormat;
      // Counts constructions and still builds the real formatter (a function returning an object works with `new`).
      const spy = vi
        .spyOn(Intl, 'DateTimeFormat')
        .mockImplementation(function (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
          return new Real(...args);
        } as unknown as typeof Intl.DateTimeFormat);
      expect(isTimeZone('Asia/Tokyo')).toBe(true);
      expect(isTimeZone('Asia/Tokyo')).toBe(true);
      expect(isTimeZone('Asia/Tokyo')).toBe(true);
      expect(spy).toHaveBeenCalledTimes(1);
      // Intl accepts any casing; those answers are right but not kept (a cookie could carry endless variants).
      expect(isTimeZone('asia/tokyo')).toBe(true);
      expect(isTimeZone('asia/tokyo')).toBe(true);
      expect(spy).toHaveBeenCalledTimes(3);
      // A refused name is never kept either: asked, refused, asked again.
      expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
      expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
      expect(spy).toHaveBeenCalledTimes(5);
    });
  });

  it('prefers the saved zone, then the browser, then São Paulo', () => {
    expect(pickTimeZone('Europe/Lisbon', 'America/New_York')).toBe('Europe/Lisbon');
    expect(pickTimeZone(null, 'America/New_York')).toBe('America/New_York');
    expect(pickTimeZone('bogus', 'also bogus')).toBe('America/Sao_Paulo');
  });
});
