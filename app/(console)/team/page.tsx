import type { Metadata } from 'next';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Table, TableCaption, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { requirePage } from '@/lib/auth/session';
import { lockedEmails } from '@/lib/auth/lockout';
import { listUsers, type PublicUser } from '@/lib/team/users';
import { AddUserButton } from './_components/add-user-button';
import { DisableUserButton } from './_components/disable-user-button';
import { RoleSelect } from './_components/role-select';
import { UnlockUserButton } from './_components/unlock-user-button';

export const metadata: Metadata = { title: 'Team' };

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

function When({ at }: { at: Date | null }) {
  if (!at) return <span className="text-fg-muted">Never</span>;
  return (
    <time dateTime={at.toISOString()} className="tabular whitespace-nowrap">
      {dateTime.format(at)} UTC
    </time>
  );
}

function UserStatus({ user, locked }: { user: PublicUser; locked: boolean }) {
  if (user.disabledAt) {
    return (
      <Badge tone="neutral" dot>
        Disabled
      </Badge>
    );
  }
  if (locked) {
    return (
      <Badge tone="warning" dot>
        Locked
      </Badge>
    );
  }
  if (user.mustChangePassword && !user.lastSignInAt) {
    return (
      <Badge tone="warning" dot>
        Invited
      </Badge>
    );
  }
  return (
    <Badge tone="success" dot>
      Active
    </Badge>
  );
}

export default async function TeamPage() {
  const me = await requirePage('/team');
  const [users, locked] = await Promise.all([listUsers(), lockedEmails()]);
  const activeAdmins = users.filter((u) => u.role === 'admin' && !u.disabledAt).length;

  return (
    <>
      <PageHeader
        title="Team"
        description="Who can use the console and what they may do. Role changes and disabling take effect on the person’s next click."
        actions={<AddUserButton />}
      />
      {users.length === 0 ? (
        <EmptyState title="No users yet" description="Add the first person who should use the console." action={<AddUserButton />} />
      ) : (
        <>
          {/* Wide screens: a table; narrow screens: one card per person, as on /accounts. */}
          <div className="hidden sm:block">
            <Table label="Team members">
              <TableCaption>Team members, their roles, status and last sign-in</TableCaption>
              <THead>
                <tr>
                  <TH>User</TH>
                  <TH>Role</TH>
                  <TH>Status</TH>
                  <TH>Last sign-in</TH>
                  <TH className="text-right">
                    <span className="sr-only">Actions</span>
                  </TH>
                </tr>
              </THead>
              <TBody>
                {users.map((user) => {
                  const isMe = user.id === me.id;
                  const lastAdmin = user.role === 'admin' && !user.disabledAt && activeAdmins <= 1;
                  return (
                    <TR key={user.id} data-testid={`team-row-${user.email}`}>
                      <TD>
                        <div className="font-medium text-fg">
                          {user.name}
                          {isMe ? <span className="ml-2 text-xs font-normal text-fg-muted">(you)</span> : null}
                        </div>
                        <div className="text-xs text-fg-muted">{user.email}</div>
                      </TD>
                      <TD>
                        <RoleSelect userId={user.id} userName={user.name} role={user.role} lastAdmin={lastAdmin} />
                      </TD>
                      <TD>
                        <UserStatus user={user} locked={locked.has(user.email)} />
                      </TD>
                      <TD>
                        <When at={user.lastSignInAt} />
                      </TD>
                      <TD className="text-right">
                        <div className="flex items-center justify-end gap-2">
                          {locked.has(user.email) ? <UnlockUserButton userId={user.id} userName={user.name} /> : null}
                          {isMe ? null : (
                            <DisableUserButton userId={user.id} userName={user.name} disabled={user.disabledAt !== null} lastAdmin={lastAdmin} />
                          )}
                        </div>
                      </TD>
                    </TR>
                  );
                })}
              </TBody>
            </Table>
          </div>
          <ul aria-label="Team members" className="rounded-lg border border-border bg-surface sm:hidden">
            {users.map((user) => {
              const isMe = user.id === me.id;
              const lastAdmin = user.role === 'admin' && !user.disabledAt && activeAdmins <= 1;
              return (
                <li key={user.id} data-testid={`team-card-${user.email}`} className="space-y-3 border-b border-border px-4 py-3 last:border-b-0">
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="font-medium text-fg [overflow-wrap:anywhere]">
                        {user.name}
                        {isMe ? <span className="ml-2 text-xs font-normal text-fg-muted">(you)</span> : null}
                      </p>
                      <p className="text-xs text-fg-muted [overflow-wrap:anywhere]">{user.email}</p>
                    </div>
                    <UserStatus user={user} locked={locked.has(user.email)} />
                  </div>
                  <p className="text-xs text-fg-muted">
                    Last sign-in: <When at={user.lastSignInAt} />
                  </p>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <RoleSelect userId={user.id} userName={user.name} role={user.role} lastAdmin={lastAdmin} />
                    <div className="flex flex-wrap items-center gap-2">
                      {locked.has(user.email) ? <UnlockUserButton userId={user.id} userName={user.name} /> : null}
                      {isMe ? null : (
                        <DisableUserButton userId={user.id} userName={user.name} disabled={user.disabledAt !== null} lastAdmin={lastAdmin} />
                      )}
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </>
  );
}
