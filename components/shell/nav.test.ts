import { describe, expect, it } from 'vitest';
import { isActive, navForRole } from './nav';

describe('navForRole', () => {
  it('shows Team to admins only', () => {
    expect(navForRole('admin').map((i) => i.label)).toEqual(['Overview', 'Accounts', 'Team']);
    for (const role of ['compliance', 'finance', 'viewer'] as const) {
      expect(navForRole(role).map((i) => i.label)).toEqual(['Overview', 'Accounts']);
    }
  });
});

describe('isActive', () => {
  it('matches the overview exactly and sections by prefix', () => {
    expect(isActive({ href: '/', exact: true }, '/')).toBe(true);
    expect(isActive({ href: '/', exact: true }, '/accounts')).toBe(false);
    expect(isActive({ href: '/accounts' }, '/accounts/acc_1')).toBe(true);
    expect(isActive({ href: '/accounts' }, '/accountsx')).toBe(false);
  });
});

describe('permissionForPath', () => {
  it('maps a path (with query) to its section permission', async () => {
    const { permissionForPath } = await import('./nav');
    expect(permissionForPath('/team?x=1')).toBe('team:manage');
    expect(permissionForPath('/accounts/abc')).toBe('accounts:read');
    expect(permissionForPath('/accounts/new?x=1')).toBe('accounts:create');
    expect(permissionForPath('/accounts/newest')).toBe('accounts:read');
    expect(permissionForPath('/')).toBe('overview:read');
    expect(permissionForPath('/change-password')).toBeNull();
  });
});
