import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { IntlScope } from '@/components/i18n/intl-scope';
import { buttonVariants } from '@/components/ui/button-variants';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { requirePage } from '@/lib/auth/session';
import { loadTeam } from '@/lib/control-changes/team-with-pending-changes';
import { AddUserButton } from './_components/add-user-button';
import { SecondFactorCard } from './_components/second-factor-card';
import { TeamList } from './_components/team-list';
import { TEAM_CLIENT_NAMESPACES } from './_components/team-namespaces';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('team'))('metaTitle') };
}

export default async function TeamPage() {
  const me = await requirePage('/team');
  const team = await loadTeam();
  const [t, tc] = await Promise.all([getTranslations('team'), getTranslations('controlChanges')]);
  const addUser = (
    <IntlScope namespaces={TEAM_CLIENT_NAMESPACES}>
      <AddUserButton delayHours={team.delayHours} />
    </IntlScope>
  );
  const changesLink = (
    <Link href="/team/changes" className={buttonVariants({ variant: 'secondary' })} data-testid="pending-changes-link">
      {team.pendingCount > 0 ? tc('teamLink', { count: team.pendingCount }) : tc('teamLinkNone')}
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
      <SecondFactorCard
        required={team.secondFactorRequired}
        without={team.activeWithoutFactor}
        pendingBy={team.pendingSecondFactor?.requestedByEmail ?? null}
        delayHours={team.delayHours}
      />
      {team.members.length === 0 ? (
        <EmptyState title={t('emptyTitle')} description={t('emptyBody')} action={addUser} />
      ) : (
        <IntlScope namespaces={TEAM_CLIENT_NAMESPACES}>
          <TeamList members={team.members} meId={me.id} delayHours={team.delayHours} />
        </IntlScope>
      )}
    </>
  );
}
