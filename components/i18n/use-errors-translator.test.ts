import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en/errors.json';
import { errorsTranslatorOf, loadedErrorsCatalogue, loadErrorsCatalogue } from './use-errors-translator';

describe('the errors catalogue in the browser', () => {
  it('words a code with its values in the reader’s language, as useTranslations("errors") did', () => {
    const t = errorsTranslatorOf(en, 'en', 'UTC');
    expect(t.has('TOO_MANY_ROWS')).toBe(true);
    expect(t('TOO_MANY_ROWS', { rows: 1000 })).toBe('A batch holds at most 1,000 rows. Split the file in two.');
    expect(t.has('NOT_A_CODE')).toBe(false);
  });

  it('before the catalogue has loaded it knows no code, so a failure falls back to the server’s sentence', () => {
    const t = errorsTranslatorOf(undefined, 'pt-BR', 'America/Sao_Paulo');
    expect(t.has('CPF_INVALID')).toBe(false);
    expect(t('CPF_INVALID')).toBe('CPF_INVALID');
  });

  it('loads each language once, in its own chunk, and then words in it', async () => {
    expect(loadedErrorsCatalogue('pt-BR')).toBeUndefined();
    await Promise.all([loadErrorsCatalogue('pt-BR'), loadErrorsCatalogue('pt-BR')]);
    const catalogue = loadedErrorsCatalogue('pt-BR');
    expect(catalogue).toBeDefined();
    await loadErrorsCatalogue('pt-BR');
    expect(loadedErrorsCatalogue('pt-BR')).toBe(catalogue);
    const t = errorsTranslatorOf(catalogue, 'pt-BR', 'America/Sao_Paulo');
    expect(t('TOO_MANY_ROWS', { rows: 1000 })).toBe('Um lote tem no máximo 1.000 linhas. Divida o arquivo em dois.');
    expect(loadedErrorsCatalogue('en')).toBeUndefined();
  });
});

describe('one way to word a failure in the browser', () => {
  const ROOT = resolve(__dirname, '../..');
  const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap((entry) => {
      const full = join(dir, entry);
      if (statSync(full).isDirectory()) return sources(full);
      return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [full] : [];
    });

  it('no client component reads the errors catalogue through next-intl (it is not in their scope any more)', () => {
    const files = ['app', 'components', 'hooks'].flatMap((dir) => sources(join(ROOT, dir)));
    expect(files.length).toBeGreaterThan(100);
    const second = files
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        // Code, not the comments that name the old way.
        const code = text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
        return /^['"]use client['"]/.test(text) && /useTranslations\(\s*['"]errors['"]\s*\)/.test(code);
      })
      .map((file) => relative(ROOT, file));
    expect(second).toEqual([]);
  });
});
