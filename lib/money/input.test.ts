import { describe, expect, it } from 'vitest';
import type { Asset } from './assets';
import { decimalSeparator, decimalToText, groupSeparator, parsePasted, readTyped } from './input';

describe('decimalSeparator', () => {
  it('comes from Intl', () => {
    expect(decimalSeparator('pt-BR')).toBe(',');
    expect(decimalSeparator('en')).toBe('.');
    expect(groupSeparator('pt-BR')).toBe('.');
    expect(groupSeparator('en')).toBe(',');
  });
});

/** What the field reads after each keystroke of `text`, as the form would receive it ('' = nothing to send). */
function keystrokes(text: string, asset: Asset, locale: string): string[] {
  return [...text].map((_, i) => {
    const r = readTyped(text.slice(0, i + 1), asset, locale);
    return r.kind === 'ok' ? r.value : r.kind;
  });
}

describe('readTyped: typing, keystroke by keystroke', () => {
  it('pt-BR: "." groups thousands and "," marks the decimals (1.234,56 is 1234.56, never 1,23)', () => {
    expect(keystrokes('1.234,56', 'BRL', 'pt-BR')).toEqual(['1', 'partial', 'partial', 'partial', '1234', '1234', '1234.5', '1234.56']);
    expect(readTyped('1.234,56', 'BRL', 'pt-BR')).toEqual({ kind: 'ok', value: '1234.56' });
    expect(readTyped('99.999.999', 'BRL', 'pt-BR')).toEqual({ kind: 'ok', value: '99999999' });
    expect(readTyped('1234,56', 'BRL', 'pt-BR')).toEqual({ kind: 'ok', value: '1234.56' });
    expect(readTyped('1.234', 'BRL', 'pt-BR')).toEqual({ kind: 'ok', value: '1234' });
    expect(readTyped('0,123456', 'USDC', 'pt-BR')).toEqual({ kind: 'ok', value: '0.123456' });
    expect(readTyped(',5', 'BRL', 'pt-BR')).toEqual({ kind: 'ok', value: '0.5' });
    expect(readTyped('12,', 'BRL', 'pt-BR')).toEqual({ kind: 'ok', value: '12' });
    expect(readTyped('0012,30', 'BRL', 'pt-BR')).toEqual({ kind: 'ok', value: '12.30' });
  });

  it('en: "," groups thousands and "." marks the decimals', () => {
    expect(keystrokes('1,234.56', 'USD', 'en')).toEqual(['1', 'partial', 'partial', 'partial', '1234', '1234', '1234.5', '1234.56']);
    expect(readTyped('1234.56', 'USD', 'en')).toEqual({ kind: 'ok', value: '1234.56' });
    expect(readTyped('1,234,567.5', 'USD', 'en')).toEqual({ kind: 'ok', value: '1234567.5' });
    expect(readTyped('99999999999999.99', 'USD', 'en')).toEqual({ kind: 'ok', value: '99999999999999.99' });
  });

  it('refuses what it cannot read exactly, with the reason, instead of guessing or cutting', () => {
    const problem = (text: string, asset: Asset, locale: string) => {
      const r = readTyped(text, asset, locale);
      return r.kind === 'problem' ? r.problem : r.kind;
    };
    // The other notation's decimal mark is a misplaced separator, not a silent conversion.
    expect(problem('1234.56', 'BRL', 'pt-BR')).toBe('GROUPING');
    expect(problem('1234,56', 'USD', 'en')).toBe('GROUPING');
    expect(problem('1,234.56', 'BRL', 'pt-BR')).toBe('GROUPING');
    expect(problem('1.234,56', 'USD', 'en')).toBe('GROUPING');
    expect(problem('1.2345', 'BRL', 'pt-BR')).toBe('GROUPING');
    expect(problem('12.34,5', 'BRL', 'pt-BR')).toBe('GROUPING');
    expect(problem('1,2,3', 'BRL', 'pt-BR')).toBe('GROUPING');
    expect(problem('.5', 'BRL', 'pt-BR')).toBe('GROUPING');
    // Too many decimals for the asset's scale: refused, not rounded or truncated.
    expect(problem('1,234', 'BRL', 'pt-BR')).toBe('TOO_MANY_DECIMALS');
    expect(problem('1.234,567', 'BRL', 'pt-BR')).toBe('TOO_MANY_DECIMALS');
    expect(problem('0,1234567', 'USDC', 'pt-BR')).toBe('TOO_MANY_DECIMALS');
    expect(problem('12.555', 'USD', 'en')).toBe('TOO_MANY_DECIMALS');
    expect(problem('12,50', 'BRL', 'pt-BR')).toBe('ok');
    // Letters, signs, spaces inside.
    for (const text of ['12a', '-12', '+1', '1e3', 'R$ 12', '1 234', 'abc']) expect(problem(text, 'BRL', 'pt-BR'), text).toBe('INVALID');
    expect(problem('1'.repeat(16), 'USD', 'en')).toBe('TOO_LARGE');
    expect(readTyped('', 'USD', 'en')).toEqual({ kind: 'empty' });
    expect(readTyped('   ', 'USD', 'en')).toEqual({ kind: 'empty' });
  });

  it('a group still being typed is partial until a decimal mark makes it final', () => {
    expect(readTyped('1.2', 'BRL', 'pt-BR')).toEqual({ kind: 'partial', problem: 'GROUPING' });
    expect(readTyped('1.', 'BRL', 'pt-BR')).toEqual({ kind: 'partial', problem: 'GROUPING' });
    expect(readTyped('1,5', 'USD', 'en')).toEqual({ kind: 'partial', problem: 'GROUPING' });
    expect(readTyped(',', 'BRL', 'pt-BR')).toEqual({ kind: 'partial', problem: 'INVALID' });
    expect(readTyped('1.2,5', 'BRL', 'pt-BR')).toEqual({ kind: 'problem', problem: 'GROUPING' });
  });
});

describe('readTyped: editing in the middle of the text', () => {
  const edit = (text: string, at: number, remove: number, insert: string) => text.slice(0, at) + insert + text.slice(at + remove);

  it('pt-BR: inserting a digit into a group makes a new exact amount or a refusal, never a cut', () => {
    expect(readTyped(edit('1.234,56', 1, 0, '0'), 'BRL', 'pt-BR')).toEqual({ kind: 'ok', value: '10234.56' });
    expect(readTyped(edit('1.234,56', 3, 0, '9'), 'BRL', 'pt-BR')).toEqual({ kind: 'problem', problem: 'GROUPING' });
    expect(readTyped(edit('1.234,56', 6, 0, '9'), 'BRL', 'pt-BR')).toEqual({ kind: 'problem', problem: 'TOO_MANY_DECIMALS' });
    expect(readTyped(edit('1.234,56', 2, 1, ''), 'BRL', 'pt-BR')).toEqual({ kind: 'problem', problem: 'GROUPING' });
    expect(readTyped(edit('1.234,56', 1, 1, ''), 'BRL', 'pt-BR')).toEqual({ kind: 'ok', value: '1234.56' });
    // `1.234.56` could still become `1.234.567`: nothing to send, and refused once the field is left.
    expect(readTyped(edit('1.234,56', 5, 1, '.'), 'BRL', 'pt-BR')).toEqual({ kind: 'partial', problem: 'GROUPING' });
  });

  it('en: the same edits in the English notation', () => {
    expect(readTyped(edit('1,234.56', 1, 0, '0'), 'USD', 'en')).toEqual({ kind: 'ok', value: '10234.56' });
    expect(readTyped(edit('1,234.56', 3, 0, '9'), 'USD', 'en')).toEqual({ kind: 'problem', problem: 'GROUPING' });
    expect(readTyped(edit('1,234.56', 6, 0, '9'), 'USD', 'en')).toEqual({ kind: 'problem', problem: 'TOO_MANY_DECIMALS' });
    expect(readTyped(edit('1,234.56', 1, 1, ''), 'USD', 'en')).toEqual({ kind: 'ok', value: '1234.56' });
    expect(readTyped(edit('1,234.56', 5, 1, ','), 'USD', 'en')).toEqual({ kind: 'partial', problem: 'GROUPING' });
  });
});

describe('decimalToText', () => {
  it('groups in the locale notation and reads back to the same decimal string', () => {
    expect(decimalToText('1234.56', 'pt-BR')).toBe('1.234,56');
    expect(decimalToText('1234.56', 'en')).toBe('1,234.56');
    expect(decimalToText('99999999', 'pt-BR')).toBe('99.999.999');
    expect(decimalToText('0.123456', 'pt-BR')).toBe('0,123456');
    expect(decimalToText('123', 'en')).toBe('123');
    expect(decimalToText('', 'en')).toBe('');
    for (const value of ['1', '12.5', '1234.56', '1234567.000001', '99999999999999.99']) {
      for (const locale of ['pt-BR', 'en']) {
        expect(readTyped(decimalToText(value, locale), 'USDC', locale)).toEqual({ kind: 'ok', value });
      }
    }
  });
});

describe('parsePasted', () => {
  it.each([
    ['1.234,56', 'pt-BR', '1234.56'],
    ['R$ 1.234,56', 'pt-BR', '1234.56'],
    ['1,234.56', 'pt-BR', '1234.56'],
    ['1,234.56', 'en', '1234.56'],
    ['$1,234.56', 'en', '1234.56'],
    ['1.234,56', 'en', '1234.56'],
    ['1.234.567', 'pt-BR', '1234567'],
    ['1,234,567', 'en', '1234567'],
    ['1.234', 'pt-BR', '1234'],
    ['1.23', 'en', '1.23'],
    ['1,234', 'en', '1234'],
    ['1,5', 'en', '1.5'],
    ['12,50', 'pt-BR', '12.5'],
    ['0,10', 'pt-BR', '0.1'],
    ['1 234,56', 'pt-BR', '1234.56'],
    ['1234.56 USD', 'en', '1234.56'],
    ['007', 'en', '7'],
  ])('%s in %s → %s', (text, locale, expected) => {
    expect(parsePasted(text, locale === 'en' ? 'USD' : 'BRL', locale)).toBe(expected);
  });

  it('keeps the stablecoin scale and refuses more decimals than the asset has (no silent rounding)', () => {
    expect(parsePasted('0,123456', 'USDC', 'pt-BR')).toBe('0.123456');
    expect(parsePasted('1.234', 'USDC', 'en')).toBe('1.234');
    expect(parsePasted('1.234', 'USD', 'en')).toBeNull();
    expect(parsePasted('1,234.567', 'BRL', 'pt-BR')).toBeNull();
  });

  it('refuses what is not one amount', () => {
    for (const text of ['', 'abc', '1,2.3,4', '-5', '1.2.3,4,5', '12abc34']) expect(parsePasted(text, 'BRL', 'pt-BR'), text).toBeNull();
  });
});

describe('pasting over the field (parsePasted, then shown with decimalToText)', () => {
  const paste = (text: string, asset: Asset, locale: string) => {
    const parsed = parsePasted(text, asset, locale);
    return parsed === null ? null : decimalToText(parsed, locale);
  };

  it.each([
    ['1.234,56', 'pt-BR', '1.234,56'],
    ['1,234.56', 'pt-BR', '1.234,56'],
    ['R$ 1.234,56', 'pt-BR', '1.234,56'],
    ['1.234,56', 'en', '1,234.56'],
    ['1,234.56', 'en', '1,234.56'],
    ['$1,234.56', 'en', '1,234.56'],
  ])('%s pasted in %s shows %s and sends 1234.56', (text, locale, shown) => {
    expect(paste(text, 'BRL', locale)).toBe(shown);
    expect(readTyped(shown, 'BRL', locale)).toEqual({ kind: 'ok', value: '1234.56' });
  });

  it('a paste it cannot read is left to the field, which refuses it', () => {
    expect(paste('1,234.567', 'BRL', 'pt-BR')).toBeNull();
    expect(readTyped('1,234.567', 'BRL', 'pt-BR').kind).toBe('problem');
  });
});
