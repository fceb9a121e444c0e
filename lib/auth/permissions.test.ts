import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../team/demo-users';
import { PERMISSIONS, PERMISSION_TABLE, ROLES, can, isRole, permissionTableMarkdown, type Permission, type Role } from './permissions';

// The matrix as the issue states it, written out independently of the implementation.
const EXPECTED: Record<Role, Permission[]> = {
  admin: [...PERMISSIONS],
  compliance: ['overview:read', 'accounts:read', 'beneficiaries:read', 'operations:read', 'webhooks:read',
    'accounts:create', 'accounts:documents', 'accounts:review', 'beneficiaries:create', 'beneficiaries:approve-key'],
  finance: ['overview:read', 'accounts:read', 'beneficiaries:read', 'operations:read', 'webhooks:read',
    'operations:create', 'payouts:request', 'payouts:approve'],
  viewer: ['overview:read', 'accounts:read', 'beneficiaries:read', 'operations:read', 'webhooks:read'],
};

describe('permission matrix', () => {
  it.each(ROLES)('%s has exactly the listed permissions', (role) => {
    const granted = PERMISSIONS.filter((p) => can(role, p));
    expect(new Set(granted)).toEqual(new Set(EXPECTED[role]));
  });
  it('only admin manages team, audit and webhooks', () => {
    for (const p of ['team:manage', 'audit:read', 'webhooks:manage'] as const) {
      expect(ROLES.filter((r) => can(r, p))).toEqual(['admin']);
    }
  });
  it('every non-admin role reads everything except team and audit', () => {
    const reads = PERMISSIONS.filter((p) => p.endsWith(':read') && p !== 'audit:read');
    for (const role of ROLES) for (const p of reads) expect(can(role, p)).toBe(true);
  });
  it('unknown or missing roles get nothing', () => {
    expect(can(undefined, 'overview:read')).toBe(false);
    expect(can('root' as Role, 'overview:read')).toBe(false);
    expect(isRole('finance')).toBe(true);
    expect(isRole('root')).toBe(false);
  });
  it('table and markdown agree with can()', () => {
    for (const row of PERMISSION_TABLE) {
      expect(row.roles).toEqual(ROLES.filter((r) => can(r, row.permission)));
    }
    const md = permissionTableMarkdown().split('\n');
    expect(md).toHaveLength(PERMISSIONS.length + 2);
    expect(md.find((l) => l.startsWith('| `payouts:approve`'))).toBe('| `payouts:approve` | ✓ | — | ✓ | — |');
    expect(md.find((l) => l.startsWith('| `beneficiaries:approve-key`'))).toBe('| `beneficiaries:approve-key` | ✓ | ✓ | — | — |');
  });
  it('demo users cover every role with unique e-mails', () => {
    expect(new Set(DEMO_USERS.map((u) => u.role))).toEqual(new Set(ROLES));
    expect(new Set(DEMO_USERS.map((u) => u.email)).size).toBe(DEMO_USERS.length);
  });
});
