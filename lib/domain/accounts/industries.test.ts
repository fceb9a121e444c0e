import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/lib/i18n/config';
import { INDUSTRIES } from './industries';

describe('industries', () => {
  it('is the full upstream enum (30 values, double underscores kept)', () => {
    expect(INDUSTRIES).toHaveLength(30);
    expect(INDUSTRIES).toContain('CONSTRUCTION__CARPENTRY__LANDSCAPING');
    expect(INDUSTRIES).toContain('INFORMATION_TECHNOLOGY');
  });

  it('has a word for every value in every language (namespace `industries`)', () => {
    for (const locale of LOCALES) {
      const file = path.join(process.cwd(), 'messages', locale, 'industries.json');
      const words = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      expect(Object.keys(words).sort(), locale).toEqual([...INDUSTRIES].sort());
    }
  });
});
