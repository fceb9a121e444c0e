import { messages, types } from '@electric-sql/pglite';

/**
 * The few PostgreSQL wire-protocol messages the embedded adapter sends and reads, encoded and decoded directly:
 * PGlite's generic serializer allocates a fresh buffer per message and its parser copies every field, which was
 * about a sixth of the CPU of a write request. Text format only (what PGlite uses too).
 */

const utf8 = new TextDecoder();

/** Bind (text parameters, text results) to the unnamed portal. */
export function encodeBind(statement: string, values: readonly (string | null)[]): Uint8Array {
  const encoded = values.map((v) => (v === null ? null : Buffer.from(v, 'utf8')));
  const stmtBytes = Buffer.byteLength(statement);
  let size = 4 + 1 + stmtBytes + 1 + 2 + 2 + 2;
  for (const e of encoded) size += 4 + (e ? e.length : 0);
  const buf = Buffer.allocUnsafe(1 + size);
  let o = 0;
  buf[o++] = 0x42; // 'B'
  buf.writeInt32BE(size, o);
  o += 4;
  buf[o++] = 0; // unnamed portal
  o += buf.write(statement, o, 'utf8');
  buf[o++] = 0;
  buf.writeInt16BE(0, o); // no parameter format codes: all text
  o += 2;
  buf.writeInt16BE(encoded.length, o);
  o += 2;
  for (const e of encoded) {
    if (!e) {
      buf.writeInt32BE(-1, o);
      o += 4;
    } else {
      buf.writeInt32BE(e.length, o);
      o += 4;
      e.copy(buf, o);
      o += e.length;
    }
  }
  buf.writeInt16BE(0, o); // no result format codes: all text
  return buf;
}

export interface WireResult {
  rows: Record<string, unknown>[];
  command?: string;
  rowCount?: number;
}

export interface Decoded {
  /** One entry per completed command, in order. */
  results: WireResult[];
  /** From a ParameterDescription, when the call described a statement. */
  paramOids?: number[];
  error?: InstanceType<typeof messages.DatabaseError>;
}

const ERROR_FIELDS: Record<string, string> = {
  S: 'severity',
  C: 'code',
  D: 'detail',
  H: 'hint',
  P: 'position',
  p: 'internalPosition',
  q: 'internalQuery',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  F: 'file',
  L: 'line',
  R: 'routine',
};

function cstring(buf: Buffer, at: number): [string, number] {
  const end = buf.indexOf(0, at);
  return [buf.toString('utf8', at, end), end + 1];
}

/** Reads a whole response. Rows are parsed with `parsers` by type OID, as PGlite's own query() does. */
export function decode(bytes: Uint8Array, parsers: Parameters<typeof types.parseType>[2]): Decoded {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: Decoded = { results: [] };
  let fields: { name: string; oid: number }[] = [];
  let rows: Record<string, unknown>[] = [];
  let o = 0;
  while (o + 5 <= buf.length) {
    const type = buf[o];
    const len = buf.readInt32BE(o + 1);
    const start = o + 5;
    const end = o + 1 + len;
    switch (type) {
      case 0x54: {
        // 'T' RowDescription
        const n = buf.readInt16BE(start);
        let p = start + 2;
        fields = [];
        for (let i = 0; i < n; i++) {
          const [name, next] = cstring(buf, p);
          p = next;
          fields.push({ name, oid: buf.readInt32BE(p + 6) });
          p += 18;
        }
        break;
      }
      case 0x44: {
        // 'D' DataRow
        const n = buf.readInt16BE(start);
        let p = start + 2;
        const row: Record<string, unknown> = {};
        for (let i = 0; i < n; i++) {
          const l = buf.readInt32BE(p);
          p += 4;
          const f = fields[i];
          if (l < 0) {
            row[f.name] = null;
          } else {
            row[f.name] = types.parseType(utf8.decode(buf.subarray(p, p + l)), f.oid, parsers);
            p += l;
          }
        }
        rows.push(row);
        break;
      }
      case 0x43: {
        // 'C' CommandComplete
        const [tag] = cstring(buf, start);
        const parts = tag.split(' ');
        const count = Number.parseInt(parts[parts.length - 1], 10);
        out.results.push({ rows, command: parts[0], rowCount: Number.isNaN(count) ? undefined : count });
        rows = [];
        fields = [];
        break;
      }
      case 0x74: {
        // 't' ParameterDescription
        const n = buf.readInt16BE(start);
        out.paramOids = Array.from({ length: n }, (_, i) => buf.readInt32BE(start + 2 + i * 4));
        break;
      }
      case 0x45: {
        // 'E' ErrorResponse: keep the first (later ones are "transaction is aborted" echoes)
        if (!out.error) {
          const info: Record<string, string> = {};
          let p = start;
          while (p < end && buf[p] !== 0) {
            const code = String.fromCharCode(buf[p]);
            const [value, next] = cstring(buf, p + 1);
            info[code] = value;
            p = next;
          }
          const err = new messages.DatabaseError(info.M ?? 'Database error', len, 'error');
          for (const [k, prop] of Object.entries(ERROR_FIELDS)) {
            if (info[k] !== undefined) (err as unknown as Record<string, string>)[prop] = info[k];
          }
          out.error = err;
        }
        break;
      }
      default:
        // ParseComplete, BindComplete, NoData, CloseComplete, ReadyForQuery, Notice, ParameterStatus: nothing to keep.
        break;
    }
    o = end;
  }
  return out;
}
