import { describe, expect, it } from 'vitest';
import en from '@/messages/en/stepUp.json';
import ptBR from '@/messages/pt-BR/stepUp.json';
import { statementRows } from './fact-rows';

/** A translator over one locale's `stepUp` messages, as next-intl's would read them (ICU `{name}` arguments only). */
function translator(messages: Record<string, unknown>) {
  const get = (key: string): unknown => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
  const t = (key: string, values: Record<string, string> = {}) =>
    String(get(key)).replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
  return Object.assign(t, { has: (key: string) => typeof get(key) === 'string' });
}

describe('statementRows labels', () => {
  const facts: Array<[string, string]> = [
    ['kind', 'payouts.policy'],
    ['requestedBy', 'admin@acme.test'],
    ['before.tier1', 'upTo=10000.00;steps=1:finance+admin'],
    ['after.dailyCap', 'none'],
    ['holder', 'João Pereira'],
    ['something.new', 'x'],
  ];

  it('words a control change’s before/after facts and a key review’s in both languages; an unknown key shows as signed', () => {
    expect(statementRows({ facts }, translator(en), 'en-US').map((r) => r.label)).toEqual([
      'Change',
      'Asked by',
      'Before — tier 1',
      'After — daily cap per requester',
      'Holder',
      'something.new',
    ]);
    expect(statementRows({ facts }, translator(ptBR), 'pt-BR').map((r) => r.label)).toEqual([
      'Mudança',
      'Pedida por',
      'Antes — faixa 1',
      'Depois — limite diário por solicitante',
      'Titular',
      'something.new',
    ]);
  });
});
