import { useTranslations } from 'next-intl';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { Badge } from '@/components/ui/badge';
import type { RoleState } from '@/lib/domain/control-changes';
import type { PublicUser } from '@/lib/team/users';

export function When({ at }: { at: Date | null }) {
  const t = useTranslations('team');
  if (!at) return <span className="text-fg-muted">{t('never')}</span>;
  return <DateTimeText value={at.toISOString()} className="tabular whitespace-nowrap" />;
}

export function FactorBadge({ has }: { has: boolean }) {
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
export function PendingRole({ role }: { role: RoleState['role'] | undefined }) {
  const t = useTranslations('controlChanges');
  const roles = useTranslations('shell.roles');
  if (!role) return null;
  return (
    <Badge tone="warning" dot data-testid="pending-role">
      {t('pendingRole', { role: roles(role) })}
    </Badge>
  );
}

export function UserStatus({ user, locked }: { user: PublicUser; locked: boolean }) {
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
