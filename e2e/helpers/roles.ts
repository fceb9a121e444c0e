import path from 'node:path';
import { DEMO_USER_BY_ROLE } from '../../lib/team/demo-users';

/** Demo sign-ins with a saved storage state (global-setup signs each in once). */
export const ROLES = ['admin', 'admin2', 'compliance', 'finance', 'finance2', 'viewer'] as const;
export type DemoRole = (typeof ROLES)[number];

export const DEMO = DEMO_USER_BY_ROLE;

// One directory per server port: parallel runs on one machine, and the two lanes of one run (each server with
// its own database and secret), must not overwrite each other's cookies.
export function authDir(baseURL: string): string {
  return path.join(process.cwd(), 'e2e', '.auth', new URL(baseURL).port || 'default');
}

/** The saved sign-in of `role` on the server at `baseURL` (the test's own `baseURL`: each lane has its own). */
export function storageStatePath(role: DemoRole, baseURL: string): string {
  return path.join(authDir(baseURL), `${role}.json`);
}

/** The navigation each role must see — exactly these, in this order. */
export const EXPECTED_NAV: Record<DemoRole, string[]> = {
  admin: ['Overview', 'Accounts', 'Operations', 'Beneficiaries', 'Convert', 'Deposit', 'Transfer', 'Payouts', 'Webhooks', 'Team', 'Audit log'],
  admin2: ['Overview', 'Accounts', 'Operations', 'Beneficiaries', 'Convert', 'Deposit', 'Transfer', 'Payouts', 'Webhooks', 'Team', 'Audit log'],
  compliance: ['Overview', 'Accounts', 'Operations', 'Beneficiaries', 'Payouts', 'Webhooks'],
  finance: ['Overview', 'Accounts', 'Operations', 'Beneficiaries', 'Convert', 'Deposit', 'Transfer', 'Payouts', 'Webhooks'],
  finance2: ['Overview', 'Accounts', 'Operations', 'Beneficiaries', 'Convert', 'Deposit', 'Transfer', 'Payouts', 'Webhooks'],
  viewer: ['Overview', 'Accounts', 'Operations', 'Beneficiaries', 'Payouts', 'Webhooks'],
};
