import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSOLE_ROUTES, permissionForPath, permissionForRoute, routeForPath } from './routes';

const CONSOLE_DIR = join(__dirname, '../../app/(console)');

/** `app/(console)/accounts/[accountId]/page.tsx` → `/accounts/[accountId]` (route groups and _private folders skipped). */
function pagePatterns(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) {
      if (!entry.startsWith('_')) out.push(...pagePatterns(full));
    } else if (entry === 'page.tsx') {
      const parts = relative(CONSOLE_DIR, dir).split(sep).filter((p) => p && !(p.startsWith('(') && p.endsWith(')')));
      out.push(`/${parts.join('/')}`);
    }
  }
  return out;
}

describe('the route → permission table', () => {
  it('has a row for every page under app/(console), and no row without a page', () => {
    const pages = pagePatterns(CONSOLE_DIR).sort();
    const rows = CONSOLE_ROUTES.map((r) => r.pattern).sort();
    expect(rows).toEqual(pages);
  });

  it('has each pattern once', () => {
    const patterns = CONSOLE_ROUTES.map((r) => r.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('maps paths to the exact page first, then the nearest ancestor page', () => {
    expect(permissionForPath('/team?x=1')).toBe('team:manage');
    expect(permissionForPath('/accounts/0b6f7a52-3f9e-4c1a-9d55-2f7c8f1e9a10')).toBe('accounts:read');
    expect(permissionForPath('/accounts/new?x=1')).toBe('accounts:create');
    expect(permissionForPath('/accounts/newest')).toBe('accounts:read');
    expect(routeForPath('/accounts/abc/documents')?.pattern).toBe('/accounts/[accountId]');
    expect(permissionForPath('/')).toBe('overview:read');
    expect(permissionForPath('/change-password')).toBeNull();
    expect(permissionForPath('/nothing-here')).toBeNull();
    expect(permissionForPath('/convert?operation=x')).toBe('operations:create');
    expect(permissionForPath('/transfers/new')).toBe('operations:create');
    expect(permissionForPath('/deposits/new')).toBe('operations:create');
    expect(permissionForPath('/notifications')).toBe('overview:read');
    expect(permissionForPath('/deposits/0b6f7a52-3f9e-4c1a-9d55-2f7c8f1e9a10')).toBe('operations:read');
  });

  it('gives pages their permission by pattern', () => {
    expect(permissionForRoute('/accounts/new')).toBe('accounts:create');
    expect(permissionForRoute('/team')).toBe('team:manage');
    // Pending control changes are decided by admins only.
    expect(permissionForRoute('/team/changes')).toBe('team:manage');
    expect(routeForPath('/team/changes?x=1')?.pattern).toBe('/team/changes');
    // Batch payouts: only roles that request payouts (a viewer reads /payouts but not its batches).
    expect(routeForPath('/payouts/batches')?.pattern).toBe('/payouts/batches');
    expect(routeForPath('/payouts/batches/new')?.pattern).toBe('/payouts/batches/new');
    expect(routeForPath('/payouts/batches/7d7f1f0e-0000-4000-8000-000000000001')?.pattern).toBe('/payouts/batches/[batchId]');
    expect(permissionForPath('/payouts/batches/7d7f1f0e-0000-4000-8000-000000000001')).toBe('payouts:request');
  });
});
