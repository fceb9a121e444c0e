'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { MoneyField } from '@/components/forms/money-field';
import { useIdempotencyKey } from '@/components/forms/use-idempotency-key';
import { amountErrorKey, useSectionFailure } from '@/components/money-movement/use-section-failure';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { readActionResult } from '@/lib/actions/result';
import type { Failure } from '@/lib/errors';
import type { Asset } from '@/lib/money/assets';
import { parseAmount } from '@/lib/money/parse-amount';
import { createDepositAction } from '../actions';

export interface DepositAccount {
  id: string;
  name: string;
  assets: Asset[];
}

/** PIX pays in reais, so BRL is the natural first choice when the account has it. */
function defaultAsset(assets: readonly Asset[]): Asset | undefined {
  return assets.includes('BRL') ? 'BRL' : assets[0];
}

/**
 * Account, asset and amount to credit, paid by PIX → the deposit's payment instructions on their own page. One
 * idempotency key per form (a double click or a retry creates one deposit), renewed only after success.
 */
export function DepositForm({ accounts }: { accounts: DepositAccount[] }) {
  const t = useTranslations('deposits');
  const locale = useLocale();
  const router = useRouter();
  const failureSentence = useSectionFailure('deposits');
  const { key } = useIdempotencyKey();
  const [accountId, setAccountId] = useState(accounts[0]?.id ?? '');
  const account = accounts.find((a) => a.id === accountId) ?? accounts[0];
  const [asset, setAsset] = useState<Asset | undefined>(defaultAsset(account?.assets ?? []));
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [pending, start] = useTransition();
  // Stays on once the deposit exists, until its page replaces the form: nothing can be sent twice.
  const [navigating, setNavigating] = useState(false);

  if (!account || !asset) return <Alert tone="info">{t('noAccounts')}</Alert>;

  function submit() {
    if (!account || !asset || pending || navigating) return;
    setFailure(null);
    setAmountError(undefined);
    const parsed = parseAmount(amount, asset);
    if (!parsed.ok) {
      setAmountError(t(amountErrorKey(parsed.code), { asset }));
      return;
    }
    start(async () => {
      const result = readActionResult(
        await createDepositAction({ accountId: account.id, asset, amount: parsed.amount.value, idempotencyKey: key }),
      );
      if (!result.ok) {
        setFailure(result.failure);
        return;
      }
      setNavigating(true);
      router.push(`/deposits/${encodeURIComponent(result.data.operationId)}`);
    });
  }

  const serverAmountError = failure?.fieldErrors.amount;
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
          {failure && !serverAmountError ? (
            <Alert tone="error" requestId={failure.requestId ?? null}>
              {failureSentence(failure)}
            </Alert>
          ) : null}
          <Field id="deposit-account" label={t('form.account')}>
            <Select
              value={account.id}
              onChange={(e) => {
                setAccountId(e.target.value);
                setAsset(defaultAsset(accounts.find((a) => a.id === e.target.value)?.assets ?? []));
              }}
            >
              {accounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="deposit-asset" label={t('form.asset')}>
            <Select value={asset} onChange={(e) => setAsset(e.target.value as Asset)}>
              {account.assets.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </Select>
          </Field>
          <MoneyField
            id="deposit-amount"
            label={t('form.amount', { asset })}
            error={amountError ?? serverAmountError}
            required
            value={amount}
            asset={asset}
            locale={locale}
            onChange={(value) => {
              setAmount(value);
              setAmountError(undefined);
            }}
          />
          <Field id="deposit-rail" label={t('form.rail')} hint={t('form.railHint')}>
            <Select value="PIX" disabled>
              <option value="PIX">{t('form.railPix')}</option>
            </Select>
          </Field>
          <Button type="submit" variant="primary" loading={pending || navigating}>
            {pending || navigating ? t('form.submitting') : t('form.submit')}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
