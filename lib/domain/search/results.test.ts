import { describe, expect, it } from 'vitest';
import { groupHits, kindsFor, type SearchHit } from './results';
import { paletteActions, paletteSections } from './palette-actions';

const hit = (kind: SearchHit['kind'], id: string, at: string, matchedBy: SearchHit['matchedBy'] = 'id'): SearchHit => ({
  kind,
  id,
  title: id,
  detail: '',
  status: null,
  amount: null,
  at,
  href: `/${kind}/${id}`,
  matchedBy,
});

describe('groupHits', () => {
  const hits = [
    hit('user', 'u1', '2026-01-01T00:00:00Z'),
    hit('operation', 'o1', '2026-01-01T00:00:00Z'),
    hit('operation', 'o2', '2026-03-01T00:00:00Z'),
    hit('operation', 'o1', '2026-01-01T00:00:00Z', 'amount'),
    hit('account', 'a1', '2026-02-01T00:00:00Z'),
    hit('webhookMessage', 'm1', '2026-02-01T00:00:00Z'),
  ];
  it('groups by kind in a fixed order, newest first, once per id', () => {
    const groups = groupHits(hits, 'admin');
    expect(groups.map((g) => g.kind)).toEqual(['operation', 'account', 'webhookMessage', 'user']);
    expect(groups[0]!.hits.map((h) => h.id)).toEqual(['o2', 'o1']);
  });
  it('drops the kinds a role may not read (users only for team:manage)', () => {
    expect(groupHits(hits, 'viewer').map((g) => g.kind)).toEqual(['operation', 'account', 'webhookMessage']);
    expect(kindsFor('finance')).not.toContain('user');
    expect(kindsFor('admin')).toContain('user');
  });
  it('keeps a few per kind', () => {
    const many = Array.from({ length: 9 }, (_, i) => hit('operation', `o${i}`, `2026-01-0${i + 1}T00:00:00Z`));
    const [group] = groupHits(many, 'viewer', 5);
    expect(group!.hits).toHaveLength(5);
    expect(group!.hits[0]!.id).toBe('o8');
  });
});

describe('palette actions', () => {
  it('offers only what the role may do, and the other language', () => {
    const ids = (role: Parameters<typeof paletteActions>[0]) => paletteActions(role, 'en').map((a) => a.id);
    expect(ids('finance')).toEqual(expect.arrayContaining(['newPayout', 'convert', 'switchLocale']));
    expect(ids('finance')).not.toContain('inviteUser');
    expect(ids('viewer')).toEqual(['switchLocale']);
    expect(ids('admin')).toContain('inviteUser');
    expect(paletteActions('viewer', 'en')).toEqual([{ id: 'switchLocale', kind: 'locale', locale: 'pt-BR' }]);
    expect(paletteActions('viewer', 'pt-BR')[0]).toMatchObject({ locale: 'en' });
  });
  it('lists the sections the role may open', () => {
    expect(paletteSections('viewer').map((s) => s.href)).not.toContain('/team');
    expect(paletteSections('admin').map((s) => s.href)).toContain('/team');
    expect(paletteSections('compliance').map((s) => s.href)).not.toContain('/convert');
  });
});
