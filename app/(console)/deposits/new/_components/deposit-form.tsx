'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, useTransition } from 'react';
import { MoneyField } from '@/components/forms/money-field';
import { applyFailureLater, preloadShowFailure, showFailureLater } from '@/components/forms/show-failure-later';
import { useControlledForm } from '@/components/forms/use-controlled-form';
import { useIdempotencyKey } from '@/components/forms/use-idempotency-key';
import { LazyQuoteCountdownBadge as QuoteCountdownBadge, LazyQuoteDetails as QuoteDetails, preloadQuoteParts } from '@/components/quotes/lazy-quote-parts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { useQuoteCountdown } from '@/hooks/use-quote-countdown';
import { readActionResult } from '@/lib/actions/result';
import { catalogueTranslator, type Failure } from '@/lib/errors';
import { amountFormSchema } from '@/lib/domain/quotes/amount-check';
import { afterConfirmRefusal } from '@/lib/domain/quotes/confirm-refusal';
import { quoteClock, type QuoteClock } from '@/lib/domain/quotes/countdown';
import type { QuoteView } from '@/lib/domain/quotes/view';
import type { Asset } from '@/lib/money/assets';
import { parseFieldKey } from '@/lib/validation/validation-result';
import { useErrorsTranslator } from '@/components/i18n/use-errors-translator';
import { createDepositAction, quoteDepositAction } from '../actions';

export interface DepositAccount {
  id: string;
  name: string;
  assets: Asset[];
}

/** PIX pays in reais: a deposit in reais needs no conversion; any other asset is converted at a quoted rate. */
const PIX_PAY_IN_ASSET: Asset = 'BRL';

/** PIX pays in reais, so BRL is the natural first choice when the account has it. */
function defaultAsset(assets: readonly Asset[]): Asset | undefined {
  return assets.includes(PIX_PAY_IN_ASSET) ? PIX_PAY_IN_ASSET : assets[0];
}

type Held = { view: QuoteView; clock: QuoteClock };

/** A quote just received, its clock set from the service's time and the moment it arrived. */
function holdQuote(view: QuoteView, serverNow: string): Held {
  return { view, clock: quoteClock(view.expiresAt, serverNow, Date.now()) };
}
type DepositValues = { accountId: string; asset: Asset | undefined; amount: string };
type Shown = { sentence: string; requestId: string | null };

/** Fields a refusal of the service can point at. */
const FIELDS = ['amount'] as const;
// The amount at the chosen asset's scale; a deposit credits the account, so no balance limits it.
const schema = amountFormSchema<DepositValues>((values) => ({ asset: values.asset, available: null }));

/**
 * Account, asset and amount to credit, paid by PIX → the deposit's payment instructions on their own page.
 *
 * A deposit in reais is 1:1 with no fee: one step, one idempotency key per form (a double click or a retry creates
 * one deposit). A deposit in another asset is converted, so, as on /convert, the quote comes first: what is paid
 * and credited, the rate both ways, the fee and spread, and a countdown on the service's clock; the deposit is
 * created from that quote (its key derived from the quote id: one deposit per quote) and cannot be once it expired.
 */
export function DepositForm({ accounts }: { accounts: DepositAccount[] }) {
  const t = useTranslations('deposits');
  const errorsT = catalogueTranslator(useErrorsTranslator());
  const locale = useLocale();
  const router = useRouter();
  const { key } = useIdempotencyKey();
  const form = useControlledForm<DepositValues>({
    defaultValues: { accountId: accounts[0]?.id ?? '', asset: defaultAsset(accounts[0]?.assets ?? []), amount: '' },
    schema,
    // Said on "get quote"/"create", cleared as the amount is typed again (the money input keeps its format).
    mode: 'onSubmit',
  });
  const { accountId, asset, amount } = form.values;
  const account = accounts.find((a) => a.id === accountId) ?? accounts[0];
  // The refusal's sentence: above the form (before a quote), above the quote (once one is held).
  const [failure, setFailure] = useState<Shown | null>(null);
  const [held, setHeld] = useState<Held | null>(null);
  const [creating, startCreate] = useTransition();
  // Stays on once the deposit exists, until its page replaces the form: nothing can be sent twice.
  const [navigating, setNavigating] = useState(false);
  // A double click reaches the handler twice before React re-renders the button disabled: create once per quote.
  const sentFor = useRef<string | null>(null);
  const countdown = useQuoteCountdown(held?.clock ?? null);
  // On a phone the quote lands below the form: bring each new quote into view.
  const quoteCard = useRef<HTMLDivElement>(null);
  const heldId = held?.view.id;
  useEffect(() => {
    if (heldId) quoteCard.current?.scrollIntoView({ block: 'nearest' });
  }, [heldId]);

  if (!account || !asset) return <Alert tone="info">{t('noAccounts')}</Alert>;
  const converted = asset !== PIX_PAY_IN_ASSET;
  const quote = held?.view ?? null;
  const quoting = converted && form.submitting;
  const busy = creating || navigating || (!converted && form.submitting);

  /** A field's message: an `errors` code from the form's rules, or a sentence already worded from a refusal. */
  function word(message: string | undefined): string | undefined {
    if (message === undefined) return undefined;
    const { key: code, values } = parseFieldKey(message);
    return errorsT(code, values) ?? message;
  }

  /** The refusal on its field; the form's sentence when a field cannot say it (`always`: said even then). */
  async function refused(f: Failure, always = false) {
    const sentence = always
      ? ((await applyFailureLater(form.setError, f, errorsT, FIELDS)) ?? errorsT(f.code, f.values) ?? f.sentence)
      : await showFailureLater(form, f, errorsT, FIELDS);
    setFailure(sentence === null ? null : { sentence, requestId: f.requestId ?? null });
  }

  /** Anything that changes the intent drops the quote: it priced another deposit. */
  function dropQuote() {
    setHeld(null);
    setFailure(null);
  }

  function navigateTo(operationId: string) {
    setNavigating(true);
    router.push(`/deposits/${encodeURIComponent(operationId)}`);
  }

  const submit = form.handleSubmit(async (values) => {
    if (!values.asset || creating || navigating) return;
    setFailure(null);
    preloadShowFailure();
    if (values.asset !== PIX_PAY_IN_ASSET) {
      preloadQuoteParts();
      const result = readActionResult(
        await quoteDepositAction({ accountId: values.accountId, asset: values.asset, amount: values.amount, idempotencyKey: crypto.randomUUID() }),
      );
      if (!result.ok) return await refused(result.failure, Boolean(held));
      const { quote: next, serverNow } = result.data;
      setHeld(holdQuote(next, serverNow));
      return;
    }
    const result = readActionResult(await createDepositAction({ accountId: values.accountId, asset: values.asset, amount: values.amount, idempotencyKey: key }));
    if (!result.ok) return await refused(result.failure);
    navigateTo(result.data.operationId);
  });

  function createFromQuote() {
    if (!held || countdown.expired || navigating || sentFor.current === held.view.id) return;
    const { id, accountId: quoteAccount } = held.view;
    sentFor.current = id;
    setFailure(null);
    preloadShowFailure();
    startCreate(async () => {
      const result = readActionResult(await createDepositAction({ accountId: quoteAccount, quoteId: id }));
      if (!result.ok) {
        await refused(result.failure, true);
        const after = afterConfirmRefusal(result.failure.code, held.clock, Date.now());
        if (after.quoteOver) setHeld((h) => (h ? { ...h, clock: after.clock } : h));
        // Anything else may be retried: the same quote sends the same key.
        else sentFor.current = null;
        return;
      }
      navigateTo(result.data.operationId);
    });
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card className="max-w-xl">
        <CardBody>
          <form className="space-y-4" noValidate onSubmit={submit}>
            {failure && !quote ? (
              <Alert tone="error" requestId={failure.requestId}>
                {failure.sentence}
              </Alert>
            ) : null}
            <Field id="deposit-account" label={t('form.account')}>
              <Select
                value={account.id}
                onChange={(e) => {
                  form.setValue('accountId', e.target.value);
                  form.setValue('asset', defaultAsset(accounts.find((a) => a.id === e.target.value)?.assets ?? []));
                  dropQuote();
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
              <Select
                value={asset}
                onChange={(e) => {
                  form.setValue('asset', e.target.value as Asset);
                  dropQuote();
                }}
              >
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
              error={word(form.error('amount'))}
              required
              value={amount}
              asset={asset}
              locale={locale}
              onChange={(value) => {
                form.setValue('amount', value);
                form.clearErrors('amount');
                if (held) dropQuote();
              }}
            />
            <Field id="deposit-rail" label={t('form.rail')} hint={converted ? t('form.railHintConverted', { asset }) : t('form.railHint')}>
              <Select value="PIX" disabled>
                <option value="PIX">{t('form.railPix')}</option>
              </Select>
            </Field>
            {converted ? (
              <Button type="submit" variant={quote ? 'secondary' : 'primary'} loading={quoting} disabled={busy}>
                {quoting ? t('form.gettingQuote') : quote ? t('quote.newQuote') : t('form.getQuote')}
              </Button>
            ) : (
              <Button type="submit" variant="primary" loading={busy}>
                {busy ? t('form.submitting') : t('form.submit')}
              </Button>
            )}
          </form>
        </CardBody>
      </Card>

      {converted ? (
        <div className="scroll-mt-4 space-y-4" ref={quoteCard}>
          {quote && failure ? (
            <Alert tone="error" requestId={failure.requestId}>
              {failure.sentence}
            </Alert>
          ) : null}
          {quote ? (
            <Card data-testid="deposit-quote">
              <CardHeader title={t('quote.title')} actions={<QuoteCountdownBadge countdown={countdown} namespace="deposits.quote" />} />
              <CardBody className="space-y-4">
                {countdown.expired ? <p className="text-sm font-medium text-danger-text">{t('quote.expired')}</p> : null}
                <QuoteDetails quote={quote} namespace="deposits.quote" />
                <p className="text-sm text-fg-muted">{t('quote.explain')}</p>
                <div className="flex flex-wrap gap-2 border-t border-border pt-4">
                  <Button variant="primary" onClick={createFromQuote} loading={busy} disabled={countdown.expired}>
                    {busy ? t('form.submitting') : t('form.submit')}
                  </Button>
                  {countdown.expired ? (
                    <Button variant="secondary" onClick={() => submit()} loading={quoting}>
                      {t('quote.newQuote')}
                    </Button>
                  ) : null}
                </div>
              </CardBody>
            </Card>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
