import { getLocale, getTranslations } from 'next-intl/server';
import { amountText } from '@/components/money/amount-text';
import { rolesText, stepsText, tierSentence, type PolicyTranslator } from '@/components/payouts/approval-sentences';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import type { PayoutApprovalRow } from '@/lib/db/schema';
import type { ApprovalPlan, PlanProgress, PolicyTier } from '@/lib/domain/payouts/approval-policy';
import { formatRate } from '@/lib/money/rate';

/**
 * Why a payout needs the approvals it needs: its value in the reference currency (amount, mid rate, quote), the tier
 * that value fell in, the daily cap when it added a step, and each step with who approved it.
 */
export async function ApprovalSteps({
  plan,
  legacy,
  progress,
  approvals,
}: {
  plan: ApprovalPlan;
  /** A request from before tiers: one step, by any approver. */
  legacy: boolean;
  progress: PlanProgress;
  approvals: PayoutApprovalRow[];
}) {
  const t = await getTranslations('approvalPolicy');
  const tr = t as unknown as PolicyTranslator;
  const roleName = await getTranslations('shell.roles');
  const locale = await getLocale();
  const currency = plan.referenceCurrency;
  const tierSteps = plan.steps.filter((s) => s.reason === 'TIER');
  const tiers: PolicyTier[] = plan.from === null ? [{ upTo: plan.upTo, steps: tierSteps }] : [{ upTo: plan.from, steps: [] }, { upTo: plan.upTo, steps: tierSteps }];
  const v = plan.valuation;
  const byId = new Map(approvals.map((a) => [a.approverId, a]));

  return (
    <Card>
      <CardHeader title={t('detail.title')} />
      <CardBody className="space-y-4 text-sm" data-testid="approval-steps">
        {legacy ? (
          <p>{t('detail.legacy', { count: plan.steps[0]?.approvals ?? 1 })}</p>
        ) : (
          <>
            {v ? (
              <p data-testid="payout-valuation">
                <span className="font-medium">{t('detail.valued', { amount: amountText({ value: v.referenceAmount, asset: v.referenceCurrency }, locale) })}</span>
                <span className="block text-fg-muted [overflow-wrap:anywhere]">
                  {v.midRateSource === 'SAME_ASSET'
                    ? t('detail.valuedSame')
                    : t('detail.valuedHow', {
                        source: amountText(v.sourceAmount, locale),
                        rate: formatRate(v.midRate, locale),
                        quote: v.quoteId ?? '—',
                      })}
                </span>
              </p>
            ) : (
              <p data-testid="payout-valuation">{t('detail.notValued')}</p>
            )}
            <p data-testid="payout-tier">
              <span className="font-medium">{t('detail.tier', { n: plan.tierIndex + 1 })}</span>
              {' · '}
              {tierSentence(tr, tiers, tiers.length - 1, currency, locale)}
            </p>
            {plan.dailyCap ? (
              <p data-testid="payout-over-cap">
                {t('detail.overCap', {
                  cap: amountText({ value: plan.dailyCap.cap, asset: currency }, locale),
                  before: amountText({ value: plan.dailyCap.requestedBefore, asset: currency }, locale),
                })}
              </p>
            ) : null}
          </>
        )}
        <ol className="space-y-3">
          {progress.steps.map((step, i) => (
            <li key={i} className="rounded-md border border-border p-3" data-testid={`approval-step-${i}`}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">
                  {t('detail.step', { n: i + 1 })} · {stepsText(tr, [step], locale)}
                </span>
                <span className="flex items-center gap-2">
                  <span className="tabular-nums">{t('detail.stepStatus', { count: step.approverIds.length, required: step.approvals })}</span>
                  {step.done ? (
                    <Badge tone="success">{t('detail.done')}</Badge>
                  ) : progress.current === i ? (
                    <Badge tone="info">{t('detail.current')}</Badge>
                  ) : (
                    <Badge tone="neutral">{t('detail.waiting')}</Badge>
                  )}
                </span>
              </div>
              {step.approverIds.length > 0 ? (
                <ul className="mt-2 space-y-1 text-fg-muted">
                  {step.approverIds.map((id) => {
                    const a = byId.get(id);
                    const role = a?.approverRole;
                    return (
                      <li key={id}>
                        {t('detail.approvedBy', { name: a?.approverName ?? id, role: role && roleName.has(role) ? roleName(role) : '—' })}
                      </li>
                    );
                  })}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      </CardBody>
    </Card>
  );
}

/** "The next approval (step 2) must come from: admin." */
export async function stepNotice(plan: ApprovalPlan, current: number): Promise<string> {
  const t = await getTranslations('approvalPolicy');
  const locale = await getLocale();
  return t('detail.notYourStep', { n: current + 1, roles: rolesText(t as unknown as PolicyTranslator, plan.steps[current]?.roles ?? [], locale) });
}
