import 'server-only';
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';

/** A job's holder and how long it holds it without renewing. */
export type Lease = { owner: string; ms: number };

const globalForLease = globalThis as typeof globalThis & { __consoleLeaseOwner?: string };

/**
 * This process as the holder of a job's lease (a webhook replay, a batch payout). A job is created (or approved)
 * leased to the process that did it, whose loop is woken at once and works it: another instance's idle loop polling
 * in between leaves it alone, and takes it over only when the lease runs out (that process died first).
 */
export function processLeaseOwner(): string {
  return (globalForLease.__consoleLeaseOwner ??= `console-${process.pid}-${randomUUID()}`);
}

/** The end of a lease `ms` from now, on the database's clock: every instance compares leases with that one clock. */
export function leaseExpiry(ms: number): SQL {
  return sql`now() + make_interval(secs => ${ms / 1000})`;
}
