'use client';

import { useRouter } from 'next/navigation';
import { useLocale, useTimeZone, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { MoneyField } from '@/components/forms/money-field';
import { showFailure } from '@/components/forms/show-failure';
import { SubmitButton } from '@/components/forms/submit-button';
import { lazySchema, type LazySchema } from '@/components/forms/use-form';
import { useListForm, type ListFormApi } from '@/components/forms/use-list-form';
import { policySentences, type PolicyTranslator } from '@/components/payouts/approval-sentences';
import { PolicyInWords } from '@/components/payouts/policy-in-words';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
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
import { catalogueTranslator } from '@/lib/errors';
import { DEFAULT_TIME_ZONE } from '@/lib/i18n/config';
import { formatDateTime } from '@/lib/i18n/format';
import type { Asset } from '@/lib/money/assets';
import { useErrorsTranslator } from '@/components/i18n/use-errors-translator';
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
const schemas = new Map<string, LazySchema<ApprovalPolicyValues>>();
function schemaFor(currency: string) {
  let schema = schemas.get(currency);
  if (!schema) {
    schema = lazySchema(async () => (await import('@/lib/domain/payouts/schema')).approvalPolicyFormSchema(currency));
    schemas.set(currency, schema);
  }
  return schema;
}

type PolicyForm = ListFormApi<ApprovalPolicyValues, ApprovalPolicyValues>;

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

/** The fields a refusal can name, in screen order (the first one is focused). */
function policyFields(values: ApprovalPolicyValues): string[] {
  const tiers = values.tiers.flatMap((tier, i) => [
    `tiers.${i}.upTo`,
    ...tier.steps.flatMap((_, j) => [`tiers.${i}.steps.${j}.approvals`, `tiers.${i}.steps.${j}.roles`]),
    `tiers.${i}.steps`,
  ]);
  return [...tiers, 'tiers', 'dailyCap'];
}

/**
 * Admin: the team's approval policy. Tiers by the payout's value in the reference currency, as a table (one row a
 * tier, its ordered steps inside), the per-requester daily cap, and the draft in words, one sentence a tier. Opened
 * from the policy card (PolicyEditorLauncher), which keeps who changed it last and what waits for a second admin;
 * `onClose` puts the saved policy back in its place, the draft dropped.
 */
export function PolicyEditor({ view, onClose }: { view: PolicyEditorView; onClose: () => void }) {
  const t = useTranslations('approvalPolicy');
  const tc = useTranslations('controlChanges');
  const tr = t as unknown as PolicyTranslator;
  const locale = useLocale();
  const timeZone = useTimeZone() ?? DEFAULT_TIME_ZONE;
  const router = useRouter();
  const { toast } = useToast();
  const errorsT = catalogueTranslator(useErrorsTranslator());
  const [failure, setFailure] = useState<{ sentence: string; requestId: string | null } | null>(null);
  const currency = view.currency;
  const formRef = useRef<HTMLFormElement>(null);
  // It replaces the button that opened it: focus moves into it, or a keyboard user is left on nothing.
  useEffect(() => formRef.current?.focus(), []);
  const form = useListForm<ApprovalPolicyValues>({ defaultValues: toValues(view.policy), schema: schemaFor(currency), mode: 'onSubmit' });
  const tiers = form.list('tiers');
  // Schema messages are codes of the errors catalogue; a refusal placed on a field is already a sentence.
  const err = (path: string) => {
    const message = form.error(path, { own: true });
    return message === undefined ? undefined : (errorsT(message) ?? message);
  };

  // In words: the form as it stands when it is a valid policy, else the saved one.
  const live = validateTieredPolicy({ ...toInput(form.values), referenceCurrency: currency });
  const shown = live.ok ? live.policy : view.policy;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const outcome = readActionResult(await setApprovalPolicyAction(toInput(values)));
    if (!outcome.ok) {
      const sentence = showFailure(form, outcome.failure, errorsT, policyFields(values));
      if (sentence !== null) setFailure({ sentence, requestId: outcome.failure.requestId ?? null });
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

  // The card, its header and the facts above (who changed it, what waits) are the page's; this is the form.
  return (
    <div className="space-y-6">
      <PolicyInWords title={t('editor.summaryTitle')} sentences={policySentences(tr, shown, currency, locale)} />

      <form
        ref={formRef}
        tabIndex={-1}
        onSubmit={onSubmit}
        onFocus={form.preload}
        noValidate
        className="space-y-6 outline-none"
        aria-label={t('editor.title')}
      >
        {failure ? (
          <Alert tone="error" title={t('editor.notSaved')} requestId={failure.requestId}>
            {failure.sentence}
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
              {tiers.keys.map((key, i) => {
                const last = i === tiers.keys.length - 1;
                return (
                  <tr key={key} className="block p-4 sm:table-row sm:p-0" data-testid={`policy-tier-${i}`}>
                    <th scope="row" className="block pb-2 text-left font-semibold whitespace-nowrap sm:table-cell sm:px-4 sm:py-3 sm:align-top">
                      {t('editor.tierNumber', { n: i + 1 })}
                    </th>
                    <td className="block pb-3 sm:table-cell sm:w-56 sm:px-4 sm:py-3 sm:align-top">
                      {last ? (
                        <p className="text-fg-muted sm:pt-2">{t('editor.unbounded')}</p>
                      ) : (
                        <MoneyField
                          id={`tiers.${i}.upTo`}
                          label={t('editor.upToLabel', { n: i + 1, currency })}
                          error={err(`tiers.${i}.upTo`)}
                          value={form.field<string | null>(`tiers.${i}.upTo`).value ?? ''}
                          onChange={form.field<string>(`tiers.${i}.upTo`).onChange}
                          asset={currency}
                          locale={locale}
                        />
                      )}
                    </td>
                    <td className="block pb-3 sm:table-cell sm:px-4 sm:py-3 sm:align-top">
                      <TierSteps form={form} tier={i} err={err} />
                    </td>
                    <td className="block sm:table-cell sm:px-4 sm:py-3 sm:text-right sm:align-top">
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={tiers.keys.length <= 1}
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
          disabled={tiers.keys.length >= MAX_TIERS}
          onClick={() => {
            // The new tier goes before the last (unbounded) one, which keeps taking everything above.
            tiers.insert(Math.max(0, tiers.keys.length - 1), { upTo: '', steps: [{ approvals: 1, roles: ['finance', 'admin'] }] });
          }}
        >
          {t('editor.addTier')}
        </Button>
        <MoneyField
          id="dailyCap"
          className="max-w-sm"
          label={t('editor.dailyCap', { currency })}
          hint={t('editor.dailyCapHint')}
          error={err('dailyCap')}
          value={form.field<string | null>('dailyCap').value ?? ''}
          onChange={form.field<string>('dailyCap').onChange}
          asset={currency}
          locale={locale}
        />
        <div className="flex flex-wrap gap-2">
          <SubmitButton loading={form.submitting}>{t('editor.save')}</SubmitButton>
          <Button variant="ghost" onClick={onClose} disabled={form.submitting}>
            {t('editor.close')}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** One tier's ordered steps: how many approvals and from which roles (any of them). */
function TierSteps({ form, tier, err }: { form: PolicyForm; tier: number; err: (path: string) => string | undefined }) {
  const t = useTranslations('approvalPolicy');
  const steps = form.list(`tiers.${tier}.steps`);
  return (
    <div className="space-y-3">
      <ol className="space-y-3">
        {steps.keys.map((key, j) => {
          const approvalsId = `tiers.${tier}.steps.${j}.approvals`;
          const approvals = form.field<number>(approvalsId);
          const id = `tiers.${tier}.steps.${j}.roles`;
          const roles = form.field<ApproverRole[]>(id);
          const error = err(id);
          return (
            <li key={key} className="rounded-md border border-border p-3" data-testid={`policy-tier-${tier}-step-${j}`}>
              <div className="flex flex-wrap items-end gap-4">
                <Field
                  id={approvalsId}
                  label={
                    <>
                      <span className="sr-only">{t('editor.stepContext', { tier: tier + 1, step: j + 1 })} </span>
                      {t('editor.approvals')}
                    </>
                  }
                  error={err(approvalsId)}
                >
                  <Select value={String(approvals.value)} onChange={(e) => approvals.onChange(Number(e.currentTarget.value))} onBlur={approvals.onBlur} className="w-24">
                    {Array.from({ length: MAX_STEP_APPROVALS }, (_, k) => k + 1).map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </Select>
                </Field>
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
                        checked={roles.value.includes(role)}
                        onChange={(e) => {
                          const on = e.currentTarget.checked;
                          roles.onChange(APPROVER_ROLES.filter((r) => (r === role ? on : roles.value.includes(r))));
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
                <Button variant="ghost" size="sm" disabled={steps.keys.length <= 1} onClick={() => steps.remove(j)}>
                  {t('editor.removeStep', { n: j + 1 })}
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      {err(`tiers.${tier}.steps`) ? <p className="text-sm font-medium text-danger-text">{err(`tiers.${tier}.steps`)}</p> : null}
      <Button variant="secondary" size="sm" disabled={steps.keys.length >= MAX_STEPS} onClick={() => steps.append({ approvals: 1, roles: ['admin'] })}>
        {t('editor.addStep')}
      </Button>
    </div>
  );
}
