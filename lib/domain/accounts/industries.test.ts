import { describe, expect, it } from 'vitest';
import { INDUSTRIES, INDUSTRY_LABELS, industryLabel } from './industries';

describe('industries', () => {
  it('is the full upstream enum (30 values, double underscores kept)', () => {
    expect(INDUSTRIES).toHaveLength(30);
    expect(INDUSTRIES).toContain('CONSTRUCTION__CARPENTRY__LANDSCAPING');
    expect(INDUSTRIES).toContain('INFORMATION_TECHNOLOGY');
    expect(Object.keys(INDUSTRY_LABELS).sort()).toEqual([...INDUSTRIES].sort());
  });

  it('labels known values and passes unknown ones through', () => {
    expect(industryLabel('NON_PROFIT__NGO__CHARITY')).toBe('Non-profit / NGO / Charity');
    expect(industryLabel('SPACE_TOURISM')).toBe('SPACE_TOURISM');
  });
});
