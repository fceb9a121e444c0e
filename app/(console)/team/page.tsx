import type { Metadata } from 'next';
import { useTranslations } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { IntlScope } from '@/components/i18n/intl-scope';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { CardList, CardListItem } from '@/components/ui/card-list';
import { Table, TableCaption, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { requirePage } from '@/lib/auth/session';
import { lockedEmails } from '@/lib/auth/lockout';
import { secondFactorPolicy, usersWithoutFactor } from '@/lib/auth/factors/second-factor';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { getDb } from '@/lib/db/client';
import { getEnv } from '@/lib/env';
import { SecondFactorSetting } from './_components/second-factor-setting';
import { listUsers, type PublicUser } from '@/lib/team/users';
import { AddUserButton } from './_components/add-user-button';
import { DisableUserButton } from './_components/disable-user-button';
import { RoleSelect } from './_components/role-select';
import { UnlockUserButton } from './_components/unlock-user-button';
import Link from 'next/link';
import { Alert } from '@/components/ui/alert';
import { buttonVariants } from '@/components/ui/button-variants';
import { controlChangeDelayHours, listPendingControlChanges } from '@/lib/control-changes/service';
import type { RoleState } from '@/lib/domain/control-changes';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('team'))('metaTitle') };
}

/** The team's client parts (add, role, disable, unlock) word their dialogs, toasts and field errors from these. */
const CLIENT_NAMESPACES = ['team', 'shell', 'validation', 'controlChanges'] as const;

function When({ at }: { at: Date | null }) {
  const t = useTranslations('team');
  if (!at) return <span className="text-fg-muted">{t('never')}</span>;
  return <DateTimeText value={at.toISOString()} className="tabular whitespace-nowrap" />;
}

/** The first few names (the table's column shows everyone); a long team ends the list with an ellipsis. */
function namesList(names: string[]): string {
  const shown = names.slice(0, 8).join(', ');
  return names.length > 8 ? `${shown}, …` : shown;
}

function FactorBadge({ has }: { has: boolean }) {
  const t = useTranslations('team.secondFactor');
  return has ? (
    <Badge tone="success">{t('has')}</Badge>
  ) : (
    <Badge tone="warning" dot>
      {t('none')}
    </Badge>
  );
}

/** A role change waiting for a second admin (lib/control-changes): the row says which role it waits for. */
function PendingRole({ role }: { role: RoleState['role'] | undefined }) {
  const t = useTranslations('controlChanges');
  const roles = useTranslations('shell.roles');
  if (!role) return null;
  return (
    <Badge tone="warning" dot data-testid="pending-role">
      {t('pendingRole', { role: roles(role) })}
    </Badge>
  );
}

function UserStatus({ user, locked }: { user: PublicUser; locked: boolean }) {
  const t = useTranslations('team');
  if (user.disabledAt) {
    return (
      <Badge tone="neutral" dot>
        {t('disabled')}
      </Badge>
    );
  }
  if (locked) {
    return (
      <Badge tone="warning" dot>
        {t('locked')}
      </Badge>
    );
  }
  if (user.mustChangePassword && !user.lastSignInAt) {
    return (
      <Badge tone="warning" dot>
        {t('invited')}
      </Badge>
    );
  }
  return (
    <Badge tone="success" dot>
      {t('active')}
    </Badge>
  );
}

export default async function TeamPage() {
  const me = await requirePage('/team');
  const db = await getDb();
  const [users, locked, withoutFactor, policy, pendingChanges] = await Promise.all([
    listUsers(),
    lockedEmails(),
    usersWithoutFactor(db),
    secondFactorPolicy(db, getEnv().SANDBOX),
    listPendingControlChanges(db),
  ]);
  const delayHours = controlChangeDelayHours();
  // What waits for a second admin: a role per user, the second-factor switch.
  const pendingRoles = new Map(
    pendingChanges.filter((c) => c.kind === 'team.add-user' || c.kind === 'team.change-role').map((c) => [(c.after as RoleState).userId, (c.after as RoleState).role]),
  );
  const pendingSecondFactor = pendingChanges.find((c) => c.kind === 'team.second-factor');
  const tc = await getTranslations('controlChanges');
  const activeWithout = users.filter((u) => !u.disabledAt && withoutFactor.has(u.id));
  const activeAdmins = users.filter((u) => u.role === 'admin' && !u.disabledAt).length;
  const t = await getTranslations('team');
  const addUser = (
    <IntlScope namespaces={CLIENT_NAMESPACES}>
      <AddUserButton delayHours={delayHours} />
    </IntlScope>
  );
  const changesLink = (
    <Link href="/team/changes" className={buttonVariants({ variant: 'secondary' })} data-testid="pending-changes-link">
      {pendingChanges.length > 0 ? tc('teamLink', { count: pendingChanges.length }) : tc('teamLinkNone')}
    </Link>
  );

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            {changesLink}
            {addUser}
          </>
        }
      />
      <Card className="mb-6" data-testid="second-factor-setting">
        <CardHeader
          title={t('secondFactor.title')}
          description={policy.required ? t('secondFactor.onBody') : t('secondFactor.offBody')}
        />
        <CardBody className="space-y-3">
          <p className="text-sm text-fg" data-testid="second-factor-without">
            {activeWithout.length === 0
              ? t('secondFactor.everyone')
              : t('secondFactor.without', { count: activeWithout.length, names: namesList(activeWithout.map((u) => u.name)) })}
          </p>
          {pendingSecondFactor ? (
            <Alert tone="warning" title={tc('needsSecondAdmin')}>
              <span data-testid="second-factor-pending">{tc('secondFactorPending', { who: pendingSecondFactor.requestedByEmail })}</span>{' '}
              <Link href="/team/changes" className="font-medium underline underline-offset-4">
                {tc('banner.review')}
              </Link>
            </Alert>
          ) : (
            <IntlScope namespaces={CLIENT_NAMESPACES}>
              <SecondFactorSetting required={policy.required} without={activeWithout.length} delayHours={delayHours} />
            </IntlScope>
          )}
        </CardBody>
      </Card>
      {users.length === 0 ? (
        <EmptyState title={t('emptyTitle')} description={t('emptyBody')} action={addUser} />
      ) : (
        <IntlScope namespaces={CLIENT_NAMESPACES}>
          {/* Wide screens: a table; narrow screens: one card per person, as on /accounts. */}
          <div className="hidden sm:block">
            <Table label={t('tableLabel')}>
              <TableCaption>{t('caption')}</TableCaption>
              <THead>
                <tr>
                  <TH>{t('user')}</TH>
                  <TH>{t('role')}</TH>
                  <TH>{t('status')}</TH>
                  <TH>{t('secondFactor.column')}</TH>
                  <TH>{t('lastSignIn')}</TH>
                  <TH className="text-right">
                    <span className="sr-only">{t('actions')}</span>
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
                          {isMe ? <span className="ml-2 text-xs font-normal text-fg-muted">{t('you')}</span> : null}
                        </div>
                        <div className="text-xs text-fg-muted">{user.email}</div>
                      </TD>
                      <TD>
                        <RoleSelect userId={user.id} userName={user.name} role={user.role} lastAdmin={lastAdmin} delayHours={delayHours} />
                      </TD>
                      <TD>
                        <div className="flex flex-wrap gap-1">
                          <UserStatus user={user} locked={locked.has(user.email)} />
                          <PendingRole role={pendingRoles.get(user.id)} />
                        </div>
                      </TD>
                      <TD>
                        <FactorBadge has={!withoutFactor.has(user.id)} />
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
          <CardList aria-label={t('tableLabel')} className="sm:hidden">
            {users.map((user) => {
              const isMe = user.id === me.id;
              const lastAdmin = user.role === 'admin' && !user.disabledAt && activeAdmins <= 1;
              return (
                <CardListItem key={user.id} data-testid={`team-card-${user.email}`} className="space-y-3">
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="font-medium text-fg [overflow-wrap:anywhere]">
                        {user.name}
                        {isMe ? <span className="ml-2 text-xs font-normal text-fg-muted">{t('you')}</span> : null}
                      </p>
                      <p className="text-xs text-fg-muted [overflow-wrap:anywhere]">{user.email}</p>
                    </div>
                    <div className="flex flex-col items-end gap-1">
                      <UserStatus user={user} locked={locked.has(user.email)} />
                      <PendingRole role={pendingRoles.get(user.id)} />
                      <FactorBadge has={!withoutFactor.has(user.id)} />
                    </div>
                  </div>
                  <p className="text-xs text-fg-muted">
                    {t('lastSignInLabel')} <When at={user.lastSignInAt} />
                  </p>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <RoleSelect userId={user.id} userName={user.name} role={user.role} lastAdmin={lastAdmin} delayHours={delayHours} />
                    <div className="flex flex-wrap items-center gap-2">
                      {locked.has(user.email) ? <UnlockUserButton userId={user.id} userName={user.name} /> : null}
                      {isMe ? null : (
                        <DisableUserButton userId={user.id} userName={user.name} disabled={user.disabledAt !== null} lastAdmin={lastAdmin} />
                      )}
                    </div>
                  </div>
                </CardListItem>
              );
            })}
          </CardList>
        </IntlScope>
      )}
    </>
  );
}
