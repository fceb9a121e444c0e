// Client-safe on purpose: the shell uses `can()` to hide controls; the server re-checks every call.

export const ROLES = ['admin', 'compliance', 'finance', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  'overview:read',
  'accounts:read',
  'accounts:create',
  'accounts:documents',
  'accounts:review',
  'beneficiaries:read',
  'beneficiaries:create',
  // Approving a new beneficiary key (a person other than whoever added it) before any payout may use it.
  'beneficiaries:approve-key',
  'operations:read',
  'operations:create',
  'payouts:request',
  'payouts:approve',
  'payouts:policy',
  'webhooks:read',
  'webhooks:manage',
  'team:manage',
  'audit:read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  compliance: 'Compliance',
  finance: 'Finance',
  viewer: 'Viewer',
};

// Reads every role gets; team and audit stay admin-only.
const COMMON_READS: readonly Permission[] = [
  'overview:read',
  'accounts:read',
  'beneficiaries:read',
  'operations:read',
  'webhooks:read',
];

/** The one permission matrix; the docs' tables are written from it (scripts/write-docs.ts). */
export const ROLE_PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  admin: new Set(PERMISSIONS),
  compliance: new Set<Permission>([
    ...COMMON_READS,
    'accounts:create',
    'accounts:documents',
    'accounts:review',
    'beneficiaries:create',
    'beneficiaries:approve-key',
  ]),
  finance: new Set<Permission>([...COMMON_READS, 'operations:create', 'payouts:request', 'payouts:approve']),
  viewer: new Set<Permission>(COMMON_READS),
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function can(role: Role | null | undefined, permission: Permission): boolean {
  if (!role || !isRole(role)) return false;
  return ROLE_PERMISSIONS[role].has(permission);
}

/** Rows of `permission → roles allowed`, for the README and the team page. */
export const PERMISSION_TABLE: ReadonlyArray<{ permission: Permission; roles: Role[] }> = PERMISSIONS.map(
  (permission) => ({ permission, roles: ROLES.filter((role) => ROLE_PERMISSIONS[role].has(permission)) }),
);

/** The matrix as a Markdown table: README.md and lib/auth/README.md hold it as written by scripts/write-docs.ts. */
export function permissionTableMarkdown(): string {
  const header = `| permission | ${ROLES.map((r) => ROLE_LABELS[r]).join(' | ')} |`;
  const rule = `|---|${ROLES.map(() => ':-:').join('|')}|`;
  const rows = PERMISSION_TABLE.map(
    ({ permission, roles }) => `| \`${permission}\` | ${ROLES.map((r) => (roles.includes(r) ? '✓' : '—')).join(' | ')} |`,
  );
  return [header, rule, ...rows].join('\n');
}
