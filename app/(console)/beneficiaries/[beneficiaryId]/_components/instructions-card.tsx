import { getTranslations } from 'next-intl/server';
import { IntlScope } from '@/components/i18n/intl-scope';
import { StateTimeline } from '@/components/status/state-timeline';
import { StatusBadge } from '@/components/status/status-badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import type { SessionUser } from '@/lib/auth/sessions';
import type { BeneficiaryView } from '@/lib/beneficiaries/beneficiary-page';
import { reviewRefusal } from '@/lib/domain/beneficiaries/key-review';
import { keyApprovalStatement } from '@/lib/domain/beneficiaries/key-review-statement';
import { instructionHistory, pixKeyOf } from '@/lib/domain/beneficiaries/view';
import { KeyReview } from './key-review';
import { KeyReviewControls } from './key-review-controls';

/** Each PIX key: the service's status and history, and the team's own review with its controls. */
export async function InstructionsCard({ view: { beneficiary: b, reviews }, user }: { view: BeneficiaryView; user: SessionUser }) {
  const [t, tr] = await Promise.all([getTranslations('beneficiaries'), getTranslations('keyReview')]);
  return (
    <Card>
      <CardHeader title={t('detail.instructions')} description={t('detail.instructionsDescription')} />
      <CardBody>
        <ul className="space-y-6" data-testid="instructions">
          {b.paymentInstructions.map((i) => {
            const key = pixKeyOf(i);
            const label = key ? t('detail.instructionTitle', { type: t.has(`keyType.${key.type}`) ? t(`keyType.${key.type}`) : key.type, key: key.display }) : i.id;
            return (
              <li key={i.id} className="space-y-3" data-testid={`instruction-${i.id}`}>
                <div className="flex flex-wrap items-center gap-2">
                  <StatusBadge status={i.currentState.status} />
                  <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{label}</span>
                  <span className="text-sm text-fg-muted">{i.asset}</span>
                </div>
                <StateTimeline states={instructionHistory(i)} label={t('detail.history', { key: key?.display ?? i.id })} />
                <KeyReview
                  tr={tr}
                  record={reviews.get(i.id) ?? null}
                  serviceStatus={i.currentState.status}
                  refusal={reviewRefusal(user, reviews.get(i.id), i.currentState.status)}
                  controls={
                    <IntlScope namespaces={['keyReview', 'stepUp']}>
                      <KeyReviewControls
                        beneficiaryId={b.id}
                        instructionId={i.id}
                        facts={keyApprovalStatement(b as { id: string; holder: { type: string } }, i).facts.map(([name, value]) => ({
                          key: name,
                          label: tr(`fact.${name}`),
                          value: name === 'keyType' && t.has(`keyType.${value}`) ? t(`keyType.${value}`) : value,
                        }))}
                      />
                    </IntlScope>
                  }
                />
              </li>
            );
          })}
        </ul>
      </CardBody>
    </Card>
  );
}
