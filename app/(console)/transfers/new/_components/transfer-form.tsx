'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { MoneyField } from '@/components/forms/money-field';
import { useIdempotencyKey } from '@/components/forms/use-idempotency-key';
import { amountErrorKey, useSectionFailure } from '@/components/money-movement/use-section-failure';
import { amountText } from '@/components/money/amount-text';
import { useEnumLabel } from '@/components/i18n/use-enum-label';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { readActionResult } from '@/lib/actions/result';
import type { Failure } from '@/lib/errors';
import { commonAssets, transferProblems, type TransferProblem } from '@/lib/domain/transfers/rules';
import type { Amount } from '@/lib/money/amount-core';
import { isAsset, type Asset } from '@/lib/money/assets';
import { parseAmount } from '@/lib/money/parse-amount';
import { exceedsAvailable } from '@/lib/domain/balances/available';
import { createTransferAction } from '../actions';

export interface TransferAccountView {
  id: string;
  name: string;
  status: string;
  assets: Array<{ asset: string; status: string; available: Amount | null }>;
}

/**
 * From / to two of the company's accounts, one asset, an amount. What the form can know is refused before sending
 * (same account, target not ACTIVE, asset not enabled on both: lib/domain/transfers/rules); the service's refusals
 * arrive as sentences. One idempotency key per form; 201 → the operation's page.
 */
export function TransferForm({ accounts }: { accounts: TransferAccountView[] }) {
  const t = useTranslations('transfers');
  const tm = useTranslations('common.moneyInput');
  const statusLabel = useEnumLabel('status');
  const locale = useLocale();
  const router = useRouter();
  const failureSentence = useSectionFailure('transfers');
  const { key } = useIdempotencyKey();
  const sources = accounts.filter((a) => a.status === 'ACTIVE');
  const [sourceId, setSourceId] = useState(sources[0]?.id ?? '');
  const [targetId, setTargetId] = useState(accounts.find((a) => a.id !== sources[0]?.id && a.status === 'ACTIVE')?.id ?? '');
  const [asset, setAsset] = useState('');
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [pending, start] = useTransition();
  const [navigating, setNavigating] = useState(false);

  const source = accounts.find((a) => a.id === sourceId);
  const target = accounts.find((a) => a.id === targetId);
  if (!source || accounts.length < 2) return <Alert tone="info">{t('noAccounts')}</Alert>;

  // Assets both sides can move (the source's alone while the target cannot receive anything).
  const assets = commonAssets(source, target?.status === 'ACTIVE' ? target : undefined).filter(isAsset);
  const chosen: Asset | undefined = isAsset(asset) && assets.includes(asset) ? asset : assets[0];
  const problems: TransferProblem[] = target && chosen ? transferProblems(source, target, chosen) : [];
  const accountName = (id: string) => accounts.find((a) => a.id === id)?.name ?? id;
  const problemText = (p: TransferProblem) =>
    p.code === 'TARGET_NOT_ACTIVE'
      ? t('problems.TARGET_NOT_ACTIVE', { status: statusLabel(p.status) })
      : p.code === 'ASSET_NOT_ENABLED'
        ? t('problems.ASSET_NOT_ENABLED', { asset: p.asset, account: accountName(p.accountId) })
        : t('problems.SAME_ACCOUNT');
  const targetProblem =
    sourceId === targetId
      ? t('problems.SAME_ACCOUNT')
      : target && target.status !== 'ACTIVE'
        ? problemText({ field: 'targetAccountId', code: 'TARGET_NOT_ACTIVE', status: target.status })
        : undefined;
  const assetProblem = targetProblem ? undefined : problems.find((p) => p.field === 'asset');
  const noAsset = !targetProblem && assets.length === 0;
  const blocked = !!targetProblem || !!assetProblem || noAsset || !chosen;
  const available = source.assets.find((a) => a.asset === chosen)?.available ?? null;

  function submit() {
    if (blocked || !chosen || pending || navigating) return;
    setFailure(null);
    setAmountError(undefined);
    const parsed = parseAmount(amount, chosen);
    if (!parsed.ok) {
      setAmountError(t(amountErrorKey(parsed.code), { asset: chosen }));
      return;
    }
    // What the page knows of the balance answers at once; the action reads it again before sending.
    if (available && exceedsAvailable(parsed.amount, available)) {
      setAmountError(tm('overAvailable', { available: amountText(available, locale) }));
      return;
    }
    start(async () => {
      const result = readActionResult(
        await createTransferAction({
          sourceAccountId: sourceId,
          targetAccountId: targetId,
          asset: chosen,
          amount: parsed.amount.value,
          idempotencyKey: key,
        }),
      );
      if (!result.ok) {
        setFailure(result.failure);
        return;
      }
      setNavigating(true);
      router.push(`/operations/${encodeURIComponent(result.data.operationId)}`);
    });
  }

  const serverAmountError = failure?.fieldErrors.amount;
  const serverTargetError = failure?.fieldErrors.targetAccountId;
  return (
    <Card className="max-w-xl">
      <CardBody>
        <form
          className="space-y-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {failure && !serverAmountError && !serverTargetError ? (
            <Alert tone="error" requestId={failure.requestId ?? null}>
              {failureSentence(failure)}
            </Alert>
          ) : null}
          <Field id="transfer-source" label={t('form.source')}>
            <Select value={sourceId} onChange={(e) => setSourceId(e.target.value)}>
              {sources.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="transfer-target" label={t('form.target')} error={targetProblem ?? serverTargetError}>
            <Select value={targetId} onChange={(e) => setTargetId(e.target.value)}>
              {accounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.status === 'ACTIVE' ? a.name : t('form.inactive', { name: a.name })}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            id="transfer-asset"
            label={t('form.asset')}
            error={assetProblem ? problemText(assetProblem) : noAsset ? t('form.noCommonAsset') : undefined}
          >
            <Select value={chosen ?? ''} onChange={(e) => setAsset(e.target.value)} disabled={assets.length === 0}>
              {assets.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </Select>
          </Field>
          <MoneyField
            id="transfer-amount"
            label={t('form.amount', { asset: chosen ?? '' })}
            hint={available ? t('form.available', { amount: amountText(available, locale) }) : t('form.availableUnknown')}
            error={amountError ?? serverAmountError}
            required
            value={amount}
            asset={chosen ?? 'BRL'}
            locale={locale}
            onChange={(value) => {
              setAmount(value);
              setAmountError(undefined);
            }}
          />
          <Button type="submit" variant="primary" loading={pending || navigating} disabled={blocked}>
            {pending || navigating ? t('form.submitting') : t('form.submit')}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
