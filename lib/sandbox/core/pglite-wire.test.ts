import { PGlite, protocol } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode, encodeBind } from './pglite-wire';

let pg: PGlite;
beforeAll(async () => {
  pg = new PGlite();
  await pg.waitReady;
});
afterAll(() => pg.close());

const wire = protocol.serialize;
const raw = (parts: Uint8Array[]) => pg.execProtocolRaw(Buffer.concat(parts), { syncToFs: false });

describe('pglite wire codec', () => {
  it('binds like PGlite’s serializer: nulls, multibyte and empty text, named statements', async () => {
    const values = ['a', null, 'ção 😀', ''];
    await raw([wire.parse({ name: 'wire_s1', text: 'SELECT $1::text AS a, $2::text AS b, $3::text AS c, $4::text AS d' }), wire.sync()]);
    const run = async (bind: Uint8Array) =>
      decode(await raw([bind, wire.describe({ type: 'P' }), wire.execute({}), wire.sync()]), pg.parsers).results[0].rows;
    const mine = await run(encodeBind('wire_s1', values));
    expect(mine).toEqual(await run(wire.bind({ statement: 'wire_s1', values })));
    expect(mine).toEqual([{ a: 'a', b: null, c: 'ção 😀', d: '' }]);
  });

  it('decodes rows with PGlite’s type parsers, command tags and row counts, several commands in one response', async () => {
    const bytes = await raw([
      wire.parse({ text: 'SELECT $1::int AS n, $2::text AS t, $3::jsonb AS j, NULL::text AS z, now() > $4::timestamptz AS later' }),
      encodeBind('', ['7', 'ç', '{"a":[1]}', '2000-01-01T00:00:00Z']),
      wire.describe({ type: 'P' }),
      wire.execute({}),
      wire.sync(),
      wire.query('CREATE TEMP TABLE w (x int); INSERT INTO w VALUES (1), (2)'),
    ]);
    const d = decode(bytes, pg.parsers);
    expect(d.error).toBeUndefined();
    expect(d.results[0]).toEqual({ rows: [{ n: 7, t: 'ç', j: { a: [1] }, z: null, later: true }], command: 'SELECT', rowCount: 1 });
    expect(d.results.slice(1).map((r) => [r.command, r.rowCount])).toEqual([
      ['CREATE', undefined],
      ['INSERT', 2],
    ]);
  });

  it('reports the first error with its code and fields, and parameter types of a described statement', async () => {
    const bad = decode(await raw([wire.query('INSERT INTO nowhere VALUES (1)')]), pg.parsers);
    expect(bad.error).toMatchObject({ code: '42P01', severity: 'ERROR' });
    expect(bad.error?.message).toMatch(/nowhere/);
    const described = decode(await raw([wire.parse({ text: 'SELECT $1::uuid, $2::int' }), wire.describe({ type: 'S' }), wire.sync()]), pg.parsers);
    expect(described.paramOids).toEqual([2950, 23]);
  });
});
