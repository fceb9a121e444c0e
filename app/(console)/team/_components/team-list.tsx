import { getTranslations } from 'next-intl/server';
import { DataList, type DataColumn } from '@/components/data-table/data-list';
import type { TeamMember } from '@/lib/control-changes/team-with-pending-changes';
import { DisableUserButton } from './disable-user-button';
import { FactorBadge, PendingRole, UserStatus, When } from './member-badges';
import { RoleSelect } from './role-select';
import { UnlockUserButton } from './unlock-user-button';

/** The team: a table on wide screens, one card per person on narrow ones. Inside the team's IntlScope (client parts). */
export async function TeamList({ members, meId, delayHours }: { members: TeamMember[]; meId: string; delayHours: number }) {
  const t = await getTranslations('team');
  const name = ({ user }: TeamMember) => (
    <>
      {user.name}
      {user.id === meId ? <span className="ml-2 text-xs font-normal text-fg-muted">{t('you')}</span> : null}
    </>
  );
  const role = ({ user, lastAdmin }: TeamMember) => (
    <RoleSelect userId={user.id} userName={user.name} role={user.role} lastAdmin={lastAdmin} delayHours={delayHours} />
  );
  const buttons = ({ user, locked, lastAdmin }: TeamMember) => (
    <>
      {locked ? <UnlockUserButton userId={user.id} userName={user.name} /> : null}
      {user.id === meId ? null : <DisableUserButton userId={user.id} userName={user.name} disabled={user.disabledAt !== null} lastAdmin={lastAdmin} />}
    </>
  );
  const columns: DataColumn<TeamMember>[] = [
    {
      id: 'user',
      header: t('user'),
      cell: (m) => (
        <>
          <div className="font-medium text-fg">{name(m)}</div>
          <div className="text-xs text-fg-muted">{m.user.email}</div>
        </>
      ),
    },
    { id: 'role', header: t('role'), cell: role },
    {
      id: 'status',
      header: t('status'),
      cell: (m) => (
        <div className="flex flex-wrap gap-1">
          <UserStatus user={m.user} locked={m.locked} />
          <PendingRole role={m.pendingRole} />
        </div>
      ),
    },
    { id: 'factor', header: t('secondFactor.column'), cell: (m) => <FactorBadge has={m.hasFactor} /> },
    { id: 'lastSignIn', header: t('lastSignIn'), cell: (m) => <When at={m.user.lastSignInAt} /> },
    {
      id: 'actions',
      header: <span className="sr-only">{t('actions')}</span>,
      headerClassName: 'text-right',
      className: 'text-right',
      cell: (m) => <div className="flex items-center justify-end gap-2">{buttons(m)}</div>,
    },
  ];
  return (
    <DataList
      rows={members}
      rowKey={(m) => m.user.id}
      label={t('tableLabel')}
      caption={t('caption')}
      columns={columns}
      rowProps={(m) => ({ 'data-testid': `team-row-${m.user.email}` })}
      cardProps={(m) => ({ 'data-testid': `team-card-${m.user.email}`, className: 'space-y-3' })}
      card={(m) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-medium text-fg [overflow-wrap:anywhere]">{name(m)}</p>
              <p className="text-xs text-fg-muted [overflow-wrap:anywhere]">{m.user.email}</p>
            </div>
            <div className="flex flex-col items-end gap-1">
              <UserStatus user={m.user} locked={m.locked} />
              <PendingRole role={m.pendingRole} />
              <FactorBadge has={m.hasFactor} />
            </div>
          </div>
          <p className="text-xs text-fg-muted">
            {t('lastSignInLabel')} <When at={m.user.lastSignInAt} />
          </p>
          <div className="flex flex-wrap items-center justify-between gap-2">
            {role(m)}
            <div className="flex flex-wrap items-center gap-2">{buttons(m)}</div>
          </div>
        </>
      )}
    />
  );
}
