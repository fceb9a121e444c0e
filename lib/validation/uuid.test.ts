import { describe, expect, it } from 'vitest';
import { isLowerCaseUuid, isUuid } from './uuid';

describe('isUuid', () => {
  it('accepts any-case UUIDs and refuses the rest', () => {
    expect(isUuid('123e4567-e89b-12d3-a456-426614174000')).toBe(true);
    expect(isUuid('123E4567-E89B-12D3-A456-426614174000')).toBe(true);
    expect(isUuid('123e4567e89b12d3a456426614174000')).toBe(false);
    expect(isUuid('..')).toBe(false);
    expect(isUuid(42)).toBe(false);
  });
  it('isLowerCaseUuid refuses upper case', () => {
    expect(isLowerCaseUuid('123e4567-e89b-12d3-a456-426614174000')).toBe(true);
    expect(isLowerCaseUuid('123E4567-E89B-12D3-A456-426614174000')).toBe(false);
  });
});
