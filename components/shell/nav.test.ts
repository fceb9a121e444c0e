import { describe, expect, it } from 'vitest';
import { currentNavHref, navForRole, navSections } from './nav';

describe('navForRole', () => {
  it('shows every role its sections in table order; Team and the audit log to admins only', () => {
    expect(navForRole('admin').map((i) => i.label)).toEqual([
      'home', 'accounts', 'operations', 'beneficiaries', 'convert', 'deposit', 'transfer', 'payouts', 'webhooks', 'team', 'audit',
    ]);
    expect(navForRole('finance').map((i) => i.label)).toEqual([
      'home', 'accounts', 'operations', 'beneficiaries', 'convert', 'deposit', 'transfer', 'payouts', 'webhooks',
    ]);
    for (const role of ['compliance', 'viewer'] as const) {
      expect(navForRole(role).map((i) => i.label)).toEqual(['home', 'accounts', 'operations', 'beneficiaries', 'payouts', 'webhooks']);
    }
  });

  it('groups items in NAV_GROUPS order and drops empty groups', () => {
    const sections = navSections(navForRole('admin'));
    expect(sections.map((s) => s.id)).toEqual(['main', 'move-money', 'admin']);
    expect(sections[0].items.map((i) => i.href)).toEqual(['/', '/accounts', '/operations', '/beneficiaries']);
    expect(sections[1].items.map((i) => i.href)).toEqual(['/convert', '/deposits/new', '/transfers/new', '/payouts']);
    expect(sections[2].items.map((i) => i.href)).toEqual(['/webhooks', '/team', '/audit']);
    // Without a route of a group, the group is not rendered.
    expect(navSections(navForRole('admin').filter((i) => i.group !== 'move-money')).map((s) => s.id)).toEqual(['main', 'admin']);
  });

  it('attaches a count only to the item that names that badge', () => {
    const routes = [
      { pattern: '/payouts', permission: 'payouts:request', nav: { label: 'Payouts', icon: 'payouts', group: 'move-money', badge: 'payouts-awaiting-my-approval' } },
      { pattern: '/accounts', permission: 'accounts:read', nav: { label: 'Accounts', icon: 'accounts', group: 'main' } },
    ] as const;
    const items = navForRole('finance', { 'payouts-awaiting-my-approval': 3 }, routes);
    expect(items.map((i) => [i.href, i.count])).toEqual([['/payouts', 3], ['/accounts', undefined]]);
    expect(navForRole('finance', { 'payouts-awaiting-my-approval': 0 }, routes)[0].count).toBeUndefined();
    expect(navForRole('viewer', {}, routes).map((i) => i.href)).toEqual(['/accounts']);
    expect(navSections(items).map((s) => [s.id, s.label])).toEqual([['main', null], ['move-money', 'moveMoney']]);
    expect(navSections(items, { 'move-money': 'Movimentar dinheiro' })[1].label).toBe('Movimentar dinheiro');
  });
});

describe('currentNavHref', () => {
  const admin = navForRole('admin');
  const current = (path: string) => currentNavHref(admin, path);

  it('marks the overview only on itself', () => {
    expect(current('/')).toBe('/');
    expect(current('/change-password')).toBeNull();
    expect(currentNavHref([{ href: '/', exact: true }], '/accounts')).toBeNull();
  });

  it('marks a section on its page and on every page under it', () => {
    expect(current('/accounts')).toBe('/accounts');
    expect(current('/accounts/acc_1')).toBe('/accounts');
    expect(current('/accounts/new')).toBe('/accounts');
    expect(current('/accountsx')).toBeNull();
    expect(current('/payouts/new')).toBe('/payouts');
    expect(current('/payouts/0b6f3c1e-0000-4000-8000-000000000002')).toBe('/payouts');
    expect(current('/operations/op_1?tab=raw')).toBe('/operations');
    expect(current('/transfers/new')).toBe('/transfers/new');
  });

  it('marks Deposit on a deposit’s detail page, though its item points at /deposits/new', () => {
    expect(current('/deposits/new')).toBe('/deposits/new');
    expect(current('/deposits/5f1c2d7e-0000-4000-8000-000000000001')).toBe('/deposits/new');
  });

  it('never marks two items: the page itself beats a section prefix, the longer prefix beats the shorter', () => {
    const items = [{ href: '/payouts' }, { href: '/payouts/new' }, { href: '/payouts/policy' }, { href: '/deposits/new' }];
    expect(currentNavHref(items, '/payouts/new')).toBe('/payouts/new');
    expect(currentNavHref(items, '/payouts/policy/BRL')).toBe('/payouts/policy');
    expect(currentNavHref(items, '/payouts/123')).toBe('/payouts');
  });
});
