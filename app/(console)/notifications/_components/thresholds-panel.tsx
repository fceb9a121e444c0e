'use client';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { showFailure } from '@/components/forms/show-failure';
import { SubmitButton } from '@/components/forms/submit-button';
import { lazySchema, useForm } from '@/components/forms/use-form';
import { useHydrated } from '@/hooks/use-hydrated';
import { MoneyField } from '@/components/forms/money-field';
import { WordedTime } from '@/components/i18n/worded-time';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { useFieldMessage } from '@/components/i18n/use-field-message';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { readActionResult } from '@/lib/actions/result';
import { catalogueTranslator } from '@/lib/errors';
import type { ThresholdInput } from '@/lib/domain/notifications/schema';
import type { TimeWords } from '@/lib/i18n/format';
import { isAsset, type Asset } from '@/lib/money/assets';
import { removeLowBalanceThresholdAction, setLowBalanceThresholdAction } from '@/lib/notifications/actions';
import { useErrorsTranslator } from '@/components/i18n/use-errors-translator';

export type ThresholdAccount = { id: string; name: string; assets: string[] };
/** A threshold as the page read it, its amount and time already worded in the reader's locale and zone. */
type ThresholdView = {
  accountId: string;
  asset: string;
  threshold: string;
  thresholdText: string;
  below: boolean;
  updatedByEmail: string | null;
  updatedAt: string;
  updatedAtWords: TimeWords;
};

const FIELDS = ['accountId', 'asset', 'threshold'] as const;

const schema = lazySchema<ThresholdInput>(async () => (await import('@/lib/domain/notifications/schema')).thresholdSchema);

/** Admin: per account and asset, the balance under which everyone who moves money is alerted. */
export function ThresholdsPanel({ accounts, thresholds }: { accounts: ThresholdAccount[] | null; thresholds: ThresholdView[] }) {
  const t = useTranslations('notifications.thresholds');
  const locale = useLocale();
  const router = useRouter();
  const { toast } = useToast();
  const sentence = useFailureSentence();
  const errorsT = catalogueTranslator(useErrorsTranslator());
  const fieldMessage = useFieldMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const [removing, startRemove] = useTransition();
  // Rendered on the server: until the page has hydrated, "Remove" would do nothing.
  const hydrated = useHydrated();
  const first = accounts?.[0];
  const form = useForm<ThresholdInput>({
    defaultValues: { accountId: first?.id ?? '', asset: (first?.assets.find(isAsset) ?? 'BRL') as Asset, threshold: '' },
    schema,
    mode: 'onSubmit',
  });
  const { register, handleSubmit, setValue, error } = form;
  const isSubmitting = form.submitting;
  const { accountId, asset } = form.values;
  // Controlled: its options change with the account, and the asset chosen with them.
  const assetField = form.field<Asset>('asset');
  const threshold = form.field<string>('threshold');
  const assets = (accounts?.find((a) => a.id === accountId)?.assets ?? []).filter(isAsset);
  const nameOf = (id: string) => accounts?.find((a) => a.id === id)?.name ?? id;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const r = readActionResult(await setLowBalanceThresholdAction(values));
    if (!r.ok) {
      setFailure(showFailure(form, r.failure, errorsT, FIELDS));
      return;
    }
    toast({ tone: 'success', title: t('saved', { asset: values.asset }) });
    setValue('threshold', '');
    router.refresh();
  });

  function remove(row: ThresholdView) {
    startRemove(async () => {
      const r = readActionResult(await removeLowBalanceThresholdAction({ accountId: row.accountId, asset: row.asset as Asset }));
      if (!r.ok) {
        toast({ tone: 'error', title: sentence(r.failure) });
        return;
      }
      toast({ tone: 'success', title: t('removed') });
      router.refresh();
    });
  }

  return (
    <Card>
      <CardHeader title={t('title')} description={t('description')} />
      <CardBody className="space-y-6">
        {thresholds.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('none')}</p>
        ) : (
          <ul className="divide-y divide-border" data-testid="thresholds">
            {thresholds.map((row) => (
              <li key={`${row.accountId}:${row.asset}`} className="flex items-start justify-between gap-3 py-2.5 text-sm">
                <span className="min-w-0">
                  <span className="block truncate font-medium text-fg">{nameOf(row.accountId)}</span>
                  <span className="block text-fg">
                    {row.thresholdText}{' '}
                    {row.below ? <Badge tone="warning">{t('below')}</Badge> : null}
                  </span>
                  <span className="block text-xs text-fg-muted">
                    {t('changedBy', { who: row.updatedByEmail ?? '—' })} <WordedTime value={row.updatedAt} words={row.updatedAtWords} />
                  </span>
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => remove(row)}
                  disabled={removing || !hydrated}
                  aria-label={t('removeLabel', { asset: row.asset, account: nameOf(row.accountId) })}
                >
                  {t('remove')}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {accounts === null ? (
          <Alert tone="warning">{t('accountsFailed')}</Alert>
        ) : accounts.length === 0 ? null : (
          <form onSubmit={onSubmit} onFocus={form.preload} noValidate className="space-y-4" data-testid="threshold-form">
            <Field id="threshold-account" label={t('account')} error={fieldMessage(error('accountId'))}>
              <Select
                {...register('accountId', {
                  onChange: (e) => {
                    const next = accounts.find((a) => a.id === e.target.value)?.assets.find(isAsset);
                    if (next) setValue('asset', next);
                  },
                })}
              >
                {accounts.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="threshold-asset" label={t('asset')} error={fieldMessage(error('asset'))}>
              <Select name="asset" value={assetField.value} onChange={(e) => assetField.onChange(e.target.value as Asset)} onBlur={assetField.onBlur}>
                {assets.map((a) => (
                  <option key={a} value={a}>
                    {a}
                  </option>
                ))}
              </Select>
            </Field>
            <MoneyField
              id="threshold-amount"
              label={t('threshold')}
              value={threshold.value}
              onChange={threshold.onChange}
              asset={isAsset(asset) ? asset : 'BRL'}
              locale={locale}
              error={fieldMessage(error('threshold'))}
              required
            />
            {failure ? <Alert tone="error">{failure}</Alert> : null}
            <SubmitButton loading={isSubmitting}>{t('save')}</SubmitButton>
          </form>
        )}
      </CardBody>
    </Card>
  );
}
