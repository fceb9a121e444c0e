'use client';

import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { MoneyField } from '@/components/forms/money-field';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { amountText } from '@/components/money/amount-text';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { readActionResult } from '@/lib/actions/result';
import { ASSETS, isAsset } from '@/lib/money/assets';
import { setApprovalPolicyAction } from '../actions';

type Rule = { minAmount: string; approvals: number };
type PolicyView = { asset: string; rules: Rule[]; updatedByEmail: string | null; updatedAt: string };

/** Admin: per source asset, amount thresholds → approvals required (1 or 2). Who changed it last is shown. */
export function PolicyEditor({
  policies,
  waiting,
  delayHours,
}: {
  policies: PolicyView[];
  /** Weaker policies waiting for a second admin (lib/control-changes), one per asset at most. */
  waiting: Array<{ asset: string; requestedByEmail: string }>;
  delayHours: number;
}) {
  const t = useTranslations('payouts.policy');
  const tc = useTranslations('controlChanges');
  const te = useTranslations('payouts.errors');
  const sentence = useFailureSentence();
  const locale = useLocale();
  const router = useRouter();
  const { toast } = useToast();
  const [pending, start] = useTransition();
  const [asset, setAsset] = useState<string>(policies[0]?.asset ?? 'USD');
  const current = (a: string) => policies.find((p) => p.asset === a)?.rules ?? [];
  const [rules, setRules] = useState<Rule[]>(() => current(policies[0]?.asset ?? 'USD'));
  const [errors, setErrors] = useState<Record<string, string>>({});

  function pick(a: string) {
    setAsset(a);
    setRules(current(a));
    setErrors({});
  }

  function save() {
    setErrors({});
    start(async () => {
      const r = readActionResult(await setApprovalPolicyAction({ asset: asset as (typeof ASSETS)[number], rules }));
      if (!r.ok) {
        const fe = Object.fromEntries(Object.entries(r.failure.fieldErrors).map(([k, v]) => [k, te.has(v) ? te(v) : v]));
        setErrors(Object.keys(fe).length ? fe : { _form: sentence(r.failure) });
        return;
      }
      if (r.data.pending) toast({ title: tc('toastPending'), description: tc('toastPendingBody') });
      else toast({ tone: 'success', title: t('saved', { asset }) });
      router.refresh();
    });
  }

  return (
    <Card className="mt-8">
      <CardHeader title={t('title')} description={t('description')} />
      <CardBody className="space-y-6">
        {policies.length > 0 ? (
          <ul className="space-y-2 text-sm" data-testid="policies">
            {policies.map((p) => (
              <li key={p.asset}>
                <span className="font-semibold">{p.asset}</span>:{' '}
                {p.rules.length === 0
                  ? t('oneApproval')
                  : p.rules.map((r) => t('rule', { amount: amountText({ value: r.minAmount, asset: p.asset }, locale), count: r.approvals })).join(' · ')}
                <span className="block text-fg-muted">
                  {t('changedBy', { who: p.updatedByEmail ?? '—' })} <DateTimeText value={p.updatedAt} />
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-fg-muted">{t('none')}</p>
        )}
        {waiting.map((w) => (
          <Alert key={w.asset} tone="warning" title={tc('needsSecondAdmin')}>
            <span data-testid="policy-pending">{tc('policyPending', { asset: w.asset, who: w.requestedByEmail })}</span>
          </Alert>
        ))}
        <p className="text-xs text-fg-muted">{tc('policyNote', { hours: delayHours })}</p>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field id="policy-asset" label={t('asset')}>
            <Select value={asset} onChange={(e) => pick(e.currentTarget.value)}>
              {ASSETS.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        {rules.map((rule, i) => (
          <div key={i} className="grid items-end gap-4 sm:grid-cols-3">
            <MoneyField
              id={`policy-min-${i}`}
              label={t('from', { asset })}
              error={errors[`rules.${i}.minAmount`]}
              value={rule.minAmount}
              asset={isAsset(asset) ? asset : 'USD'}
              locale={locale}
              onChange={(value) => setRules((rs) => rs.map((r, j) => (j === i ? { ...r, minAmount: value } : r)))}
            />
            <Field id={`policy-approvals-${i}`} label={t('approvals')} error={errors[`rules.${i}.approvals`]}>
              <Select
                value={String(rule.approvals)}
                onChange={(e) => {
                  const value = Number(e.currentTarget.value);
                  setRules((rs) => rs.map((r, j) => (j === i ? { ...r, approvals: value } : r)));
                }}
              >
                <option value="1">{t('approvalsCount', { count: 1 })}</option>
                <option value="2">{t('approvalsCount', { count: 2 })}</option>
              </Select>
            </Field>
            <Button variant="ghost" onClick={() => setRules((rs) => rs.filter((_, j) => j !== i))}>
              {t('remove')}
            </Button>
          </div>
        ))}
        {errors._form || errors.rules ? (
          <p role="alert" className="text-sm font-medium text-danger-text">
            {errors._form ?? errors.rules}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setRules((rs) => [...rs, { minAmount: '', approvals: 2 }])} disabled={rules.length >= 10}>
            {t('addRule')}
          </Button>
          <Button onClick={save} disabled={pending}>
            {t('save', { asset })}
          </Button>
        </div>
      </CardBody>
    </Card>
  );
}
