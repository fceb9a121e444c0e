import { describe, expect, it } from 'vitest';
import { AUDIT_CSV_COLUMNS, auditCsv } from './csv';

const header = Object.fromEntries(AUDIT_CSV_COLUMNS.map((c) => [c, c])) as Record<(typeof AUDIT_CSV_COLUMNS)[number], string>;
const row = {
  at: new Date('2026-11-23T09:00:00.000Z'),
  actorEmail: 'ana@acme.test',
  action: 'payouts.approve',
  target: 'p-1',
  outcome: 'denied',
  correlationId: 'c-1',
  details: { idempotencyKey: 'k-1' },
};

describe('audit CSV', () => {
  it('is RFC 4180: CRLF records, quoting and doubled quotes only where needed', () => {
    const csv = auditCsv([row, { ...row, target: 'a,"b"\nc', details: null }], header);
    expect(csv).toBe(
      'time,actor,action,target,outcome,idempotencyKey,correlationId\r\n' +
        '2026-11-23T09:00:00.000Z,ana@acme.test,payouts.approve,p-1,denied,k-1,c-1\r\n' +
        '2026-11-23T09:00:00.000Z,ana@acme.test,payouts.approve,"a,""b""\nc",denied,,c-1\r\n',
    );
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    const csv = auditCsv([{ ...row, actorEmail: '=HYPERLINK("http://x")', target: '+1', action: '-cmd', correlationId: '@SUM(A1)' }], header, { withHeader: false });
    expect(csv).toBe(`2026-11-23T09:00:00.000Z,"'=HYPERLINK(""http://x"")",'-cmd,'+1,denied,k-1,'@SUM(A1)\r\n`);
  });
});
