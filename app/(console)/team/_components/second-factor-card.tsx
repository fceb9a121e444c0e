import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { IntlScope } from '@/components/i18n/intl-scope';
import { Alert } from '@/components/ui/alert';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { SecondFactorSetting } from './second-factor-setting';
import { TEAM_CLIENT_NAMESPACES } from './team-namespaces';

/** The first few names (the table's column shows everyone); a long team ends the list with an ellipsis. */
function namesList(names: string[]): string {
  const shown = names.slice(0, 8).join(', ');
  return names.length > 8 ? `${shown}, …` : shown;
}

/** Whether everyone must sign in with a second factor, who has none yet, and a switch waiting for a second admin. */
export async function SecondFactorCard({
  required,
  without,
  pendingBy,
  delayHours,
}: {
  required: boolean;
  without: string[];
  pendingBy: string | null;
  delayHours: number;
}) {
  const [t, tc] = await Promise.all([getTranslations('team'), getTranslations('controlChanges')]);
  return (
    <Card className="mb-6" data-testid="second-factor-setting">
      <CardHeader title={t('secondFactor.title')} description={required ? t('secondFactor.onBody') : t('secondFactor.offBody')} />
      <CardBody className="space-y-3">
        <p className="text-sm text-fg" data-testid="second-factor-without">
          {without.length === 0 ? t('secondFactor.everyone') : t('secondFactor.without', { count: without.length, names: namesList(without) })}
        </p>
        {pendingBy !== null ? (
          <Alert tone="warning" title={tc('needsSecondAdmin')}>
            <span data-testid="second-factor-pending">{tc('secondFactorPending', { who: pendingBy })}</span>{' '}
            <Link href="/team/changes" className="font-medium underline underline-offset-4">
              {tc('banner.review')}
            </Link>
          </Alert>
        ) : (
          <IntlScope namespaces={TEAM_CLIENT_NAMESPACES}>
            <SecondFactorSetting required={required} without={without.length} delayHours={delayHours} />
          </IntlScope>
        )}
      </CardBody>
    </Card>
  );
}
