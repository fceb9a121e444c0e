import type { Role } from '../auth/permissions';

// No `server-only`: the e2e fixtures import these to sign in. The passwords are public by design (README);
// with SANDBOX=off the console refuses to start while any of them still works (lib/startup.ts).

export type DemoUser = { email: string; name: string; role: Role; password: string };

export const DEMO_USERS: readonly DemoUser[] = [
  { email: 'admin@acme.test', name: 'Ana Admin', role: 'admin', password: 'demo-admin-2026' },
  // A second admin: changes that weaken a control wait for another admin's approval (lib/control-changes).
  { email: 'admin2@acme.test', name: 'Otávio Owner', role: 'admin', password: 'demo-admin2-2026' },
  { email: 'compliance@acme.test', name: 'Carla Compliance', role: 'compliance', password: 'demo-compliance-2026' },
  { email: 'finance@acme.test', name: 'Felipe Finance', role: 'finance', password: 'demo-finance-2026' },
  { email: 'finance2@acme.test', name: 'Fernanda Finance', role: 'finance', password: 'demo-finance2-2026' },
  { email: 'viewer@acme.test', name: 'Vitor Viewer', role: 'viewer', password: 'demo-viewer-2026' },
];

export const DEMO_USER_BY_ROLE = {
  admin: DEMO_USERS[0],
  admin2: DEMO_USERS[1],
  compliance: DEMO_USERS[2],
  finance: DEMO_USERS[3],
  finance2: DEMO_USERS[4],
  viewer: DEMO_USERS[5],
} as const;
