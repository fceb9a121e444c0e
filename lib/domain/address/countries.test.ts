import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryName, countryOptions, isCountryCode } from './countries';

describe('countries', () => {
  it('holds the 249 ISO 3166-1 alpha-2 codes, unique and well-formed', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    for (const code of COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('recognises codes', () => {
    expect(isCountryCode('BR')).toBe(true);
    expect(isCountryCode('br')).toBe(false);
    expect(isCountryCode('XK')).toBe(false);
    expect(isCountryCode(undefined)).toBe(false);
  });

  it('names every code through Intl.DisplayNames and sorts options by name', () => {
    expect(countryName('BR')).toBe('Brazil');
    expect(countryName('DE')).toBe('Germany');
    const options = countryOptions();
    expect(options).toHaveLength(249);
    expect(options.filter((o) => o.name === o.code)).toEqual([]);
    const names = options.map((o) => o.name);
    expect([...names].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(names);
  });

  it('names and sorts in the reader locale', () => {
    expect(countryName('DE', 'pt-BR')).toBe('Alemanha');
    expect(countryName('BR', 'pt-BR')).toBe('Brasil');
    const names = countryOptions('pt-BR').map((o) => o.name);
    expect(names).toHaveLength(249);
    expect([...names].sort(new Intl.Collator('pt-BR').compare)).toEqual(names);
    expect(names.indexOf('África do Sul')).toBeLessThan(names.indexOf('Alemanha'));
  });
});
