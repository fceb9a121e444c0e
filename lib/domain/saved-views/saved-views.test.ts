import { describe, expect, it } from 'vitest';
import { checkViewQuery, currentFilters, isBareUrl, openableQuery, viewHref } from './list-schemas';
import { canEdit, canSee, canSetTeamDefault, resolveDefault, type SavedView, type Viewer } from './view-policy';

const ACCOUNT = '0b5c3a8e-9f1d-4c2a-8e7b-1234567890ab';

describe('checkViewQuery: a view is validated against its list’s filter schema', () => {
  it('stores the canonical form of valid filters and drops the page position', () => {
    expect(checkViewQuery('operations', `?status=completed&type=SWAP&account=${ACCOUNT.toUpperCase()}&cursor=abc&direction=NEXT`)).toEqual({
      ok: true,
      query: `type=SWAP&status=COMPLETED&account=${ACCOUNT}`,
    });
    expect(checkViewQuery('audit', 'outcome=denied&from=2026-11-01&cursor=x')).toEqual({ ok: true, query: 'outcome=denied&from=2026-11-01' });
    expect(checkViewQuery('webhookLogs', 'status=FAILED&log=1&saved=abc')).toEqual({ ok: true, query: 'status=FAILED' });
    expect(checkViewQuery('payouts', 'view=mine&status=APPROVING')).toEqual({ ok: true, query: 'view=mine&status=APPROVING' });
  });

  it('refuses unknown keys and values the list would not accept, instead of saving them silently changed', () => {
    expect(checkViewQuery('operations', 'status=NOPE')).toEqual({ ok: false, reason: 'invalid' });
    expect(checkViewQuery('operations', 'status=COMPLETED&evil=1')).toEqual({ ok: false, reason: 'invalid' });
    expect(checkViewQuery('audit', 'from=2026-02-30')).toEqual({ ok: false, reason: 'invalid' });
    expect(checkViewQuery('webhookLogs', 'from=2026-11-10&to=2026-11-01')).toEqual({ ok: false, reason: 'invalid' });
    expect(checkViewQuery('payouts', 'view=everyone')).toEqual({ ok: false, reason: 'invalid' });
    // A filter valid on another list is not valid here.
    expect(checkViewQuery('audit', 'type=SWAP')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses nothing-to-save and over-long queries', () => {
    expect(checkViewQuery('operations', '')).toEqual({ ok: false, reason: 'empty' });
    expect(checkViewQuery('operations', 'status=&type=&cursor=abc')).toEqual({ ok: false, reason: 'empty' });
    expect(checkViewQuery('audit', `actor=${'a'.repeat(1200)}`)).toEqual({ ok: false, reason: 'tooLong' });
  });
});

describe('opening a view', () => {
  it('re-reads the stored query through today’s schema and drops what no longer validates', () => {
    expect(openableQuery('operations', 'status=COMPLETED&type=RETIRED_TYPE')).toBe('status=COMPLETED');
    expect(openableQuery('operations', 'type=RETIRED_TYPE')).toBeNull();
  });

  it('links to the list with the view’s filters and which view it is', () => {
    expect(viewHref('/operations', 'status=COMPLETED', 'v1')).toBe('/operations?status=COMPLETED&saved=v1');
  });

  it('only a URL with no query string at all is bare (a submitted empty filter form is not)', () => {
    expect(isBareUrl({})).toBe(true);
    expect(isBareUrl({ status: '' })).toBe(false);
    expect(isBareUrl({ saved: 'none' })).toBe(false);
  });

  it('reads the current page’s filters the way a view stores them', () => {
    expect(currentFilters('operations', { status: 'completed', cursor: 'abc', saved: 'v1' })).toBe('status=COMPLETED');
    expect(currentFilters('operations', {})).toBe('');
  });
});

const admin: Viewer = { id: 'admin', role: 'admin' };
const finance: Viewer = { id: 'fin', role: 'finance' };
const finance2: Viewer = { id: 'fin2', role: 'finance' };
const viewer: Viewer = { id: 'view', role: 'viewer' };

function view(over: Partial<SavedView>): SavedView {
  return { id: 'v', list: 'operations', name: 'n', query: 'status=COMPLETED', ownerId: 'fin', ownerName: 'F', shared: false, teamDefault: false, ...over };
}

describe('who sees and edits a view', () => {
  it('a personal view is its owner’s alone; a shared one the whole team’s who can read the list', () => {
    const personal = view({});
    expect(canSee(finance, personal)).toBe(true);
    expect(canSee(finance2, personal)).toBe(false);
    expect(canSee(admin, personal)).toBe(false);
    const shared = view({ shared: true, ownerId: 'admin' });
    expect(canSee(finance, shared)).toBe(true);
    expect(canSee(viewer, shared)).toBe(true);
  });

  it('a user who cannot read the list cannot see its views, shared or not', () => {
    const audit = view({ list: 'audit', ownerId: 'admin', shared: true });
    expect(canSee(finance, audit)).toBe(false);
    expect(canSee(admin, audit)).toBe(true);
    expect(canSee(finance, view({ list: 'audit' }))).toBe(false);
  });

  it('only the owner, or an admin for a shared view, edits it', () => {
    const sharedByAdmin = view({ shared: true, ownerId: 'admin' });
    expect(canEdit(finance, sharedByAdmin)).toBe(false);
    expect(canEdit(admin, sharedByAdmin)).toBe(true);
    const sharedByFinance = view({ shared: true, ownerId: 'fin' });
    expect(canEdit(finance, sharedByFinance)).toBe(true);
    expect(canEdit(finance2, sharedByFinance)).toBe(false);
    expect(canEdit(admin, sharedByFinance)).toBe(true);
    expect(canEdit(admin, view({ ownerId: 'fin' }))).toBe(false);
  });

  it('only an admin sets a team default, and only on a shared view', () => {
    expect(canSetTeamDefault(admin, view({ shared: true }))).toBe(true);
    expect(canSetTeamDefault(admin, view({ shared: false, ownerId: 'admin' }))).toBe(false);
    expect(canSetTeamDefault(finance, view({ shared: true }))).toBe(false);
  });
});

describe('resolveDefault: which view a bare list URL opens with', () => {
  const teamDefault = view({ id: 'team', ownerId: 'admin', shared: true, teamDefault: true });
  const mine = view({ id: 'mine', ownerId: 'fin' });
  const others = view({ id: 'others', ownerId: 'fin2' });

  it('the user’s own choice wins over the team default', () => {
    expect(resolveDefault(finance, 'operations', [teamDefault, mine], 'mine')?.id).toBe('mine');
  });

  it('without a choice of their own, the team default applies', () => {
    expect(resolveDefault(finance, 'operations', [teamDefault, mine], null)?.id).toBe('team');
  });

  it('a choice the user can no longer see counts as unset', () => {
    expect(resolveDefault(finance, 'operations', [teamDefault, others], 'others')?.id).toBe('team');
    expect(resolveDefault(finance, 'operations', [others], 'others')).toBeNull();
  });

  it('views of another list, or a list the user cannot read, never apply', () => {
    expect(resolveDefault(finance, 'audit', [view({ id: 'a', list: 'audit', ownerId: 'admin', shared: true, teamDefault: true })], null)).toBeNull();
    expect(resolveDefault(finance, 'payouts', [teamDefault], null)).toBeNull();
  });
});
