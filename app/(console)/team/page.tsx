import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { IntlScope } from '@/components/i18n/intl-scope';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Table, TableCaption, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { requireUser } from '@/lib/auth/session';
import { listUsers } from '@/lib/auth/users';
import { AddUserButton } from './_components/add-user-button';
import { DisableUserButton } from './_components/disable-user-button';
import { RoleSelect } from './_components/role-select';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('team'))('metaTitle') };
}

/** The team's client parts (add, role, disable) word their dialogs, toasts and field errors from these. */
const CLIENT_NAMESPACES = ['team', 'shell', 'validation', 'errors'] as const;

function When({ at, never }: { at: Date | null; never: string }) {
  if (!at) return <span className="text-fg-muted">{never}</span>;
  return <DateTimeText value={at.toISOString()} className="tabular whitespace-nowrap" />;
}

export default async function TeamPage() {
  const me = await requireUser('team:manage');
  const users = await listUsers();
  const activeAdmins = users.filter((u) => u.role === 'admin' && !u.disabledAt).length;
  const t = await getTranslations('team');
  const addUser = (
    <IntlScope namespaces={CLIENT_NAMESPACES}>
      <AddUserButton />
    </IntlScope>
  );

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={addUser} />
      {users.length === 0 ? (
        <EmptyState title={t('emptyTitle')} description={t('emptyBody')} action={addUser} />
      ) : (
        <IntlScope namespaces={CLIENT_NAMESPACES}>
        <Table label={t('tableLabel')}>
          <TableCaption>{t('caption')}</TableCaption>
          <THead>
            <tr>
              <TH>{t('user')}</TH>
              <TH>{t('role')}</TH>
              <TH>{t('status')}</TH>
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
                    <RoleSelect userId={user.id} userName={user.name} role={user.role} lastAdmin={lastAdmin} />
                  </TD>
                  <TD>
                    {user.disabledAt ? (
                      <Badge tone="neutral" dot>
                        {t('disabled')}
                      </Badge>
                    ) : user.mustChangePassword && !user.lastSignInAt ? (
                      <Badge tone="warning" dot>
                        {t('invited')}
                      </Badge>
                    ) : (
                      <Badge tone="success" dot>
                        {t('active')}
                      </Badge>
                    )}
                  </TD>
                  <TD>
                    <When at={user.lastSignInAt} never={t('never')} />
                  </TD>
                  <TD className="text-right">
                    {isMe ? null : (
                      <DisableUserButton userId={user.id} userName={user.name} disabled={user.disabledAt !== null} lastAdmin={lastAdmin} />
                    )}
                  </TD>
                </TR>
              );
            })}
          </TBody>
        </Table>
        </IntlScope>
      )}
    </>
  );
}
