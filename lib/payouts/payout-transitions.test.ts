import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import {
  INITIAL_PAYOUT_STATUS,
  PAYOUT_EVENTS,
  PAYOUT_STATUSES,
  isTerminal,
  requiredStatus,
  targetStatus,
  transition,
  type PayoutStatus,
} from '@/lib/domain/payouts';
import { payoutTransition, stillBefore } from './store';

const dialect = new PgDialect();
const at = '2026-11-26T05:00:00.000Z';

describe('payout status writes come from the transition table', () => {
  it.each(PAYOUT_EVENTS)('%s: SET status = its target, WHERE status = its source', (event) => {
    const write = payoutTransition(event, { at, by: 'a@acme.test' });
    expect(write.to).toBe(targetStatus(event));
    expect(write.set.status).toBe(targetStatus(event));
    expect(transition(requiredStatus(event), event)).toEqual({ ok: true, from: requiredStatus(event), to: write.to });
    const guard = dialect.sqlToQuery(write.guard);
    expect(guard.sql).toBe('"console"."payout_requests"."status" = $1');
    expect(guard.params).toEqual([requiredStatus(event)]);
    const states = dialect.sqlToQuery(write.set.states);
    expect(JSON.parse(String(states.params.at(-1)))).toEqual([{ at, by: 'a@acme.test', status: write.to }]);
    expect(dialect.sqlToQuery(stillBefore(event)).params).toEqual([requiredStatus(event)]);
  });

  it('walks every transition from a new request: every status is reached, and only terminal ones have no way out', () => {
    const reached = new Set<PayoutStatus>([INITIAL_PAYOUT_STATUS]);
    const queue: PayoutStatus[] = [INITIAL_PAYOUT_STATUS];
    const walked = new Set<string>();
    while (queue.length) {
      const from = queue.shift()!;
      for (const event of PAYOUT_EVENTS) {
        const result = transition(from, event);
        if (!result.ok) continue;
        walked.add(event);
        if (!reached.has(result.to)) {
          reached.add(result.to);
          queue.push(result.to);
        }
      }
    }
    expect([...reached].sort()).toEqual([...PAYOUT_STATUSES].sort());
    expect([...walked].sort()).toEqual([...PAYOUT_EVENTS].sort());
    for (const status of PAYOUT_STATUSES) {
      expect(PAYOUT_EVENTS.some((e) => transition(status, e).ok), status).toBe(!isTerminal(status));
    }
  });

  it('no write in lib/payouts names a status itself', () => {
    const dir = __dirname;
    const literal = new RegExp(`(status: |payoutRequests\\.status, )'(${PAYOUT_STATUSES.join('|')})'`);
    const offenders = readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n').map((line, i) => ({ where: `${f}:${i + 1}`, line })))
      .filter(({ line }) => literal.test(line) && !/^\s*(\/\/|\*)/.test(line));
    expect(offenders).toEqual([]);
  });
});
