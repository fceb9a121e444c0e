import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { requirePage } from '@/lib/auth/session';
import { controlChangeDelayHours, listDecidedControlChanges, listPendingControlChanges } from '@/lib/control-changes/service';
import { ChangeHistory } from './_components/change-history';
import { PendingChange } from './_components/pending-change';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('controlChanges'))('metaTitle') };
}

export default async function ControlChangesPage() {
  const me = await requirePage('/team/changes');
  const [pending, decided] = await Promise.all([listPendingControlChanges(), listDecidedControlChanges()]);
  const t = await getTranslations('controlChanges');
  const team = await getTranslations('team');
  return (
    <>
      <PageHeader
        breadcrumb={
          <Link href="/team" className="underline-offset-4 hover:underline">
            {team('title')}
          </Link>
        }
        title={t('title')}
        description={t('description', { hours: controlChangeDelayHours() })}
      />
      <section aria-labelledby="pending-heading" className="space-y-4">
        <h2 id="pending-heading" className="text-base font-semibold text-fg">
          {t('pendingTitle')}
        </h2>
        {pending.length === 0 ? (
          <EmptyState title={t('none')} />
        ) : (
          pending.map((change) => <PendingChange key={change.id} change={change} meId={me.id} />)
        )}
      </section>
      <section aria-labelledby="history-heading" className="mt-10 space-y-4">
        <h2 id="history-heading" className="text-base font-semibold text-fg">
          {t('history')}
        </h2>
        <ChangeHistory changes={decided} />
      </section>
    </>
  );
}
