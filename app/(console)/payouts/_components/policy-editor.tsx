'use client';

import { useRouter } from 'next/navigation';
import { useLocale, useTimeZone, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Control, type FieldErrors } from 'react-hook-form';
import { applyFieldErrors } from '@/components/forms/apply-field-errors';
import { lazyResolver } from '@/components/forms/lazy-resolver';
import { MoneyField } from '@/components/forms/money-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { amountText } from '@/components/money/amount-text';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { tierSentence, type PolicyTranslator } from '@/components/payouts/approval-sentences';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { TableCaption } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { readActionResult } from '@/lib/actions/result';
import {
  APPROVER_ROLES,
  MAX_STEP_APPROVALS,
  MAX_STEPS,
  MAX_TIERS,
  validateTieredPolicy,
  type ApproverRole,
  type TieredPolicy,
} from '@/lib/domain/payouts/approval-policy';
import type { ApprovalPolicyValues } from '@/lib/domain/payouts/schema';
import type { Failure } from '@/lib/errors';
import { DEFAULT_TIME_ZONE } from '@/lib/i18n/config';
import { formatDateTime } from '@/lib/i18n/format';
import type { Asset } from '@/lib/money/assets';
import { setApprovalPolicyAction } from '../actions';

export type PolicyEditorView = {
  policy: TieredPolicy;
  /** The installation's REFERENCE_CURRENCY: bounds are typed and saved in it. */
  currency: Asset;
  saved: boolean;
  updatedByEmail: string | null;
  updatedAt: string | null;
  /** A weaker policy waiting for a second admin (lib/control-changes): who asked. */
  waiting: { requestedByEmail: string } | null;
  /** CONTROL_CHANGE_DELAY_HOURS: after how long a weaker policy applies by itself with no other active admin. */
  delayHours: number;
};

// zod and the schema load when the form is first used, not with the page (first-load JS budget).
const resolvers = new Map<string, ReturnType<typeof lazyResolver<ApprovalPolicyValues, unknown, ApprovalPolicyValues>>>();
function validationFor(currency: string) {
  let v = resolvers.get(currency);
  if (!v) {
    v = lazyResolver<ApprovalPolicyValues, unknown, ApprovalPolicyValues>(async () => {
      const [{ zodResolver }, { approvalPolicyFormSchema }] = await Promise.all([import('@hookform/resolvers/zod'), import('@/lib/domain/payouts/schema')]);
      return zodResolver(approvalPolicyFormSchema(currency));
    });
    resolvers.set(currency, v);
  }
  return v;
}

function toValues(policy: TieredPolicy): ApprovalPolicyValues {
  return {
    tiers: policy.tiers.map((t) => ({ upTo: t.upTo ?? '', steps: t.steps.map((s) => ({ approvals: s.approvals, roles: [...s.roles] })) })),
    dailyCap: policy.dailyCap ?? '',
  };
}

/** What the form sends: the last tier without a bound, an empty cap as none. */
function toInput(values: ApprovalPolicyValues): ApprovalPolicyValues {
  return {
    tiers: values.tiers.map((t, i) => ({ ...t, upTo: i === values.tiers.length - 1 ? null : (t.upTo ?? '') })),
    dailyCap: values.dailyCap ? values.dailyCap : null,
  };
}

/** Error message at a dotted path of the form's errors (`tiers.0.steps.1.roles`). */
function errorAt(errors: FieldErrors<ApprovalPolicyValues>, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  const message = node && typeof node === 'object' ? (node as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : undefined;
}

/**
 * Admin: the team's approval policy. Tiers by the payout's value in the reference currency, as a table (one row a
 * tier, its ordered steps inside), the per-requester daily cap, and the whole policy in words, one sentence a tier.
 */
export function PolicyEditor({ view }: { view: PolicyEditorView }) {
  const t = useTranslations('approvalPolicy');
  const tc = useTranslations('controlChanges');
  const tr = t as unknown as PolicyTranslator;
  const locale = useLocale();
  const timeZone = useTimeZone() ?? DEFAULT_TIME_ZONE;
  const router = useRouter();
  const { toast } = useToast();
  const failureSentence = useFailureSentence();
  const [failure, setFailure] = useState<Failure | null>(null);
  const currency = view.currency;
  const validation = validationFor(currency);
  const form = useForm<ApprovalPolicyValues, unknown, ApprovalPolicyValues>({ resolver: validation.resolver, defaultValues: toValues(view.policy) });
  const { control, handleSubmit, setError, setFocus, formState } = form;
  const tiers = useFieldArray({ control, name: 'tiers' });
  const watched = useWatch({ control }) as ApprovalPolicyValues;
  const word = (code: string | undefined) => (code === undefined ? undefined : t.has(`errors.${code}`) ? t(`errors.${code}`) : code);
  const err = (path: string) => word(errorAt(formState.errors, path));

  // In words: the form as it stands when it is a valid policy, else the saved one.
  const live = watched?.tiers ? validateTieredPolicy({ ...toInput(watched), referenceCurrency: currency }) : null;
  const shown = live?.ok ? live.policy : view.policy;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const outcome = readActionResult(await setApprovalPolicyAction(toInput(values)));
    if (!outcome.ok) {
      const fields = Object.keys(outcome.failure.fieldErrors) as Parameters<typeof applyFieldErrors<ApprovalPolicyValues>>[1];
      if (!applyFieldErrors(outcome.failure, fields, { setError, setFocus })) setFailure(outcome.failure);
      return;
    }
    const pending = outcome.data.pending;
    if (pending) {
      const description = pending.effectiveAt
        ? tc('toastPendingDelayed', { when: formatDateTime(pending.effectiveAt, { locale, timeZone }) })
        : tc('toastPendingBody');
      toast({ title: tc('toastPending'), description });
    } else {
      toast({ tone: 'success', title: outcome.data.weakens.length > 0 || outcome.data.dailyCapRaised ? t('editor.savedWeaker') : t('editor.saved') });
    }
    router.refresh();
  });

  return (
    <Card className="mt-8">
      <CardHeader title={t('editor.title')} description={t('editor.description', { currency })} />
      <CardBody className="space-y-6">
        {view.waiting ? (
          <Alert tone="warning" title={tc('needsSecondAdmin')}>
            <span data-testid="policy-pending">{tc('policyPending', { who: view.waiting.requestedByEmail })}</span>
          </Alert>
        ) : null}
        <p className="text-xs text-fg-muted" data-testid="policy-second-admin-note">
          {tc('policyNote', { hours: view.delayHours })}
        </p>
        {!view.saved ? <p className="text-sm text-fg-muted">{t('editor.derived', { currency })}</p> : null}
        {view.saved && view.updatedAt ? (
          <p className="text-sm text-fg-muted" data-testid="policy-changed-by">
            {t('editor.changedBy', { who: view.updatedByEmail ?? '—' })} <DateTimeText value={view.updatedAt} />
          </p>
        ) : null}
        <section aria-labelledby="policy-in-words">
          <h3 id="policy-in-words" className="text-sm font-semibold text-fg">
            {t('editor.summaryTitle')}
          </h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm" data-testid="policy-sentences">
            {shown.tiers.map((_, i) => (
              <li key={i}>{tierSentence(tr, shown.tiers, i, currency, locale)}</li>
            ))}
            <li>{shown.dailyCap ? t('sentence.dailyCap', { amount: amountText({ value: shown.dailyCap, asset: currency }, locale) }) : t('sentence.noCap')}</li>
          </ul>
        </section>

        <form onSubmit={onSubmit} onFocus={validation.preload} noValidate className="space-y-6" aria-label={t('editor.title')}>
          {failure ? (
            <Alert tone="error" title={t('editor.notSaved')}>
              {failureSentence(failure)}
            </Alert>
          ) : null}
          <div className="rounded-lg border border-border bg-surface">
            <table className="w-full border-collapse text-left text-sm" data-testid="policy-tiers">
              <TableCaption>{t('editor.tiersCaption', { currency })}</TableCaption>
              <thead className="hidden border-b border-border bg-surface-muted sm:table-header-group">
                <tr>
                  <th scope="col" className="px-4 py-2.5 text-xs font-semibold tracking-wide text-fg-muted uppercase">
                    {t('editor.colTier')}
                  </th>
                  <th scope="col" className="px-4 py-2.5 text-xs font-semibold tracking-wide text-fg-muted uppercase">
                    {t('editor.colUpTo', { currency })}
                  </th>
                  <th scope="col" className="px-4 py-2.5 text-xs font-semibold tracking-wide text-fg-muted uppercase">
                    {t('editor.colSteps')}
                  </th>
                  <th scope="col" className="px-4 py-2.5 text-xs font-semibold tracking-wide text-fg-muted uppercase">
                    <span className="sr-only">{t('editor.colActions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {tiers.fields.map((tier, i) => {
                  const last = i === tiers.fields.length - 1;
                  return (
                    <tr key={tier.id} className="block p-4 sm:table-row sm:p-0" data-testid={`policy-tier-${i}`}>
                      <th scope="row" className="block pb-2 text-left font-semibold whitespace-nowrap sm:table-cell sm:px-4 sm:py-3 sm:align-top">
                        {t('editor.tierNumber', { n: i + 1 })}
                      </th>
                      <td className="block pb-3 sm:table-cell sm:w-56 sm:px-4 sm:py-3 sm:align-top">
                        {last ? (
                          <p className="text-fg-muted sm:pt-2">{t('editor.unbounded')}</p>
                        ) : (
                          <Controller
                            control={control}
                            name={`tiers.${i}.upTo`}
                            render={({ field }) => (
                              <MoneyField
                                id={`tiers.${i}.upTo`}
                                label={t('editor.upToLabel', { n: i + 1, currency })}
                                error={err(`tiers.${i}.upTo`)}
                                value={field.value ?? ''}
                                onChange={field.onChange}
                                asset={currency}
                                locale={locale}
                              />
                            )}
                          />
                        )}
                      </td>
                      <td className="block pb-3 sm:table-cell sm:px-4 sm:py-3 sm:align-top">
                        <TierSteps control={control} tier={i} err={err} />
                      </td>
                      <td className="block sm:table-cell sm:px-4 sm:py-3 sm:text-right sm:align-top">
                        <Button
                          variant="ghost"
                          size="sm"
                          disabled={tiers.fields.length <= 1}
                          onClick={() => tiers.remove(i)}
                          aria-label={t('editor.removeTier', { n: i + 1 })}
                        >
                          {t('editor.removeTier', { n: i + 1 })}
                        </Button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {err('tiers') ? (
            <p role="alert" className="text-sm font-medium text-danger-text">
              {err('tiers')}
            </p>
          ) : null}
          <Button
            variant="secondary"
            disabled={tiers.fields.length >= MAX_TIERS}
            onClick={() => {
              // The new tier goes before the last (unbounded) one, which keeps taking everything above.
              tiers.insert(Math.max(0, tiers.fields.length - 1), { upTo: '', steps: [{ approvals: 1, roles: ['finance', 'admin'] }] });
            }}
          >
            {t('editor.addTier')}
          </Button>
          <Controller
            control={control}
            name="dailyCap"
            render={({ field }) => (
              <MoneyField
                id="dailyCap"
                className="max-w-sm"
                label={t('editor.dailyCap', { currency })}
                hint={t('editor.dailyCapHint')}
                error={err('dailyCap')}
                value={field.value ?? ''}
                onChange={field.onChange}
                asset={currency}
                locale={locale}
              />
            )}
          />
          <SubmitButton loading={formState.isSubmitting}>{t('editor.save')}</SubmitButton>
        </form>
      </CardBody>
    </Card>
  );
}

/** One tier's ordered steps: how many approvals and from which roles (any of them). */
function TierSteps({ control, tier, err }: { control: Control<ApprovalPolicyValues, unknown, ApprovalPolicyValues>; tier: number; err: (path: string) => string | undefined }) {
  const t = useTranslations('approvalPolicy');
  const steps = useFieldArray({ control, name: `tiers.${tier}.steps` });
  return (
    <div className="space-y-3">
      <ol className="space-y-3">
        {steps.fields.map((step, j) => (
          <li key={step.id} className="rounded-md border border-border p-3" data-testid={`policy-tier-${tier}-step-${j}`}>
            <div className="flex flex-wrap items-end gap-4">
              <Controller
                control={control}
                name={`tiers.${tier}.steps.${j}.approvals`}
                render={({ field }) => (
                  <Field
                    id={`tiers.${tier}.steps.${j}.approvals`}
                    label={
                      <>
                        <span className="sr-only">{t('editor.stepContext', { tier: tier + 1, step: j + 1 })} </span>
                        {t('editor.approvals')}
                      </>
                    }
                    error={err(`tiers.${tier}.steps.${j}.approvals`)}
                  >
                    <Select value={String(field.value)} onChange={(e) => field.onChange(Number(e.currentTarget.value))} onBlur={field.onBlur} className="w-24">
                      {Array.from({ length: MAX_STEP_APPROVALS }, (_, k) => k + 1).map((n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </Select>
                  </Field>
                )}
              />
              <Controller
                control={control}
                name={`tiers.${tier}.steps.${j}.roles`}
                render={({ field }) => {
                  const id = `tiers.${tier}.steps.${j}.roles`;
                  const error = err(id);
                  return (
                    <fieldset aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
                      <legend className="mb-1.5 text-sm font-medium text-fg">
                        <span className="sr-only">{t('editor.stepContext', { tier: tier + 1, step: j + 1 })} </span>
                        {t('editor.whoMayApprove')}
                      </legend>
                      <div className="flex flex-wrap gap-4 py-2">
                        {APPROVER_ROLES.map((role) => (
                          <Checkbox
                            key={role}
                            id={`${id}.${role}`}
                            label={t(`roleOption.${role}`)}
                            checked={field.value.includes(role)}
                            onChange={(e) => {
                              const on = e.currentTarget.checked;
                              field.onChange(APPROVER_ROLES.filter((r: ApproverRole) => (r === role ? on : field.value.includes(r))));
                            }}
                          />
                        ))}
                      </div>
                      {error ? (
                        <p id={`${id}-error`} className="text-sm font-medium text-danger-text">
                          {error}
                        </p>
                      ) : null}
                    </fieldset>
                  );
                }}
              />
              <Button variant="ghost" size="sm" disabled={steps.fields.length <= 1} onClick={() => steps.remove(j)}>
                {t('editor.removeStep', { n: j + 1 })}
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {err(`tiers.${tier}.steps`) ? <p className="text-sm font-medium text-danger-text">{err(`tiers.${tier}.steps`)}</p> : null}
      <Button variant="secondary" size="sm" disabled={steps.fields.length >= MAX_STEPS} onClick={() => steps.append({ approvals: 1, roles: ['admin'] })}>
        {t('editor.addStep')}
      </Button>
    </div>
  );
}
