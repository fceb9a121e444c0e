'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useRef, useState, useTransition } from 'react';
import { MoneyField } from '@/components/forms/money-field';
import { applyFailureLater, preloadShowFailure, showFailureLater } from '@/components/forms/show-failure-later';
import { useControlledForm } from '@/components/forms/use-controlled-form';
import { amountText } from '@/components/money/amount-text';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LazyQuoteCountdownBadge as QuoteCountdownBadge, LazyQuoteDetails as QuoteDetails, preloadQuoteParts } from '@/components/quotes/lazy-quote-parts';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { useQuoteCountdown } from '@/hooks/use-quote-countdown';
import { readActionResult } from '@/lib/actions/result';
import { catalogueTranslator, type Failure } from '@/lib/errors';
import { amountFormSchema, convertAmountContext } from '@/lib/domain/quotes/amount-check';
import { afterConfirmRefusal } from '@/lib/domain/quotes/confirm-refusal';
import { quoteClock, type QuoteClock } from '@/lib/domain/quotes/countdown';
import { formatBps, isZeroDecimal } from '@/lib/domain/quotes/display';
import type { FixedSide } from '@/lib/domain/quotes/request';
import type { QuoteView } from '@/lib/domain/quotes/view';
import type { Amount } from '@/lib/money/amount-core';
import type { Asset } from '@/lib/money/assets';
import { parseFieldKey } from '@/lib/validation/validation-result';
import { useErrorsTranslator } from '@/components/i18n/use-errors-translator';
import { confirmSwapAction, createQuoteAction } from '../actions';

const loadRates = () => import('@/lib/domain/quotes/rates');

export interface ConvertAccount {
  id: string;
  name: string;
  /**
   * The account's ACTIVE assets the console knows, with the available balance when the service gave one and that
   * balance as the page worded it for the reader.
   */
  assets: Array<{ asset: Asset; available: Amount | null; availableText: string | null }>;
}

/** A quote on screen: what it says, its clock, and the server's signature over what it debits (for confirm). */
type Held = { view: QuoteView; clock: QuoteClock; ticket: string };
type Rate = QuoteView['rate'];

type ConvertValues = { accountId: string; sellAsset: Asset | undefined; buyAsset: Asset | undefined; fixedSide: FixedSide; amount: string };
type Shown = { sentence: string; requestId: string | null };

/** Fields a refusal of the service can point at, in the form's order. */
const FIELDS = ['buyAsset', 'amount'] as const;

function otherAsset(assets: readonly Asset[], not: Asset | undefined): Asset | undefined {
  return assets.find((a) => a !== not);
}

function startValues(account: ConvertAccount | undefined): ConvertValues {
  const assets = account?.assets.map((a) => a.asset) ?? [];
  return { accountId: account?.id ?? '', sellAsset: assets[0], buyAsset: otherAsset(assets, assets[0]), fixedSide: 'sell', amount: '' };
}

/** A quote just received, its clock set from the service's time and the moment it arrived. */
function holdQuote(view: QuoteView, serverNow: string, ticket: string): Held {
  return { view, clock: quoteClock(view.expiresAt, serverNow, Date.now()), ticket };
}

/**
 * Quote-then-swap. The quote and its clock are held here, once: the quote card and the confirm step read the same
 * countdown, so going to the confirm step never restarts it. Confirm is disabled once it ends; a new quote says how
 * far the rate moved since the previous one of the same pair, in basis points.
 */
export function ConvertForm({ accounts }: { accounts: ConvertAccount[] }) {
  const t = useTranslations('convert');
  const locale = useLocale();
  const router = useRouter();
  const errorsT = catalogueTranslator(useErrorsTranslator());
  // The amount is checked against the fixed side's asset and, when the sold side is fixed, the balance the page knows.
  const schema = useMemo(
    () =>
      amountFormSchema<ConvertValues>((values) => {
        const sell = accounts.find((a) => a.id === values.accountId)?.assets.find((a) => a.asset === values.sellAsset);
        const context = convertAmountContext(values, sell?.available ?? null);
        return { ...context, availableText: context.available ? (sell?.availableText ?? undefined) : undefined };
      }),
    [accounts],
  );
  // Said on "get quote", cleared as the amount is typed again (the money input keeps its format meanwhile).
  const form = useControlledForm<ConvertValues>({ defaultValues: startValues(accounts[0]), schema, mode: 'onSubmit' });
  const { accountId, sellAsset, buyAsset, fixedSide, amount } = form.values;
  const account = accounts.find((a) => a.id === accountId) ?? accounts[0];
  const assets = account?.assets.map((a) => a.asset) ?? [];
  const [held, setHeld] = useState<Held | null>(null);
  const [lastRate, setLastRate] = useState<Rate | null>(null);
  const [drift, setDrift] = useState<string | null>(null);
  const [step, setStep] = useState<'quote' | 'confirm'>('quote');
  // The refusal's sentence, beside the quote (a field says what it can).
  const [failure, setFailure] = useState<Shown | null>(null);
  const [confirming, startConfirm] = useTransition();
  // A double click reaches the handler twice before React re-renders the button disabled: send once per quote.
  const sentFor = useRef<string | null>(null);
  const countdown = useQuoteCountdown(held?.clock ?? null);
  // On a phone the quote lands below the form: bring each new quote into view.
  const quoteCard = useRef<HTMLDivElement>(null);
  const heldId = held?.view.id;
  useEffect(() => {
    if (heldId) quoteCard.current?.scrollIntoView({ block: 'nearest' });
  }, [heldId]);

  if (!account) return <Alert tone="info">{t('noAccounts')}</Alert>;

  const sellEntry = account.assets.find((a) => a.asset === sellAsset);
  const fixedAsset = fixedSide === 'sell' ? sellAsset : buyAsset;
  const quote = held?.view ?? null;
  const quoting = form.submitting;

  /** A field's message: an `errors` code from the form's rules, or a sentence already worded from a refusal. */
  function word(message: string | undefined): string | undefined {
    if (message === undefined) return undefined;
    const { key, values } = parseFieldKey(message);
    return errorsT(key, values) ?? message;
  }

  /**
   * The refusal on its field and, when no field can say it, as the sentence. At the confirm step the amount field
   * may be out of sight (a phone): the sentence is said beside the quote too.
   */
  async function refused(f: Failure, always: boolean) {
    const sentence = always
      ? ((await applyFailureLater(form.setError, f, errorsT, FIELDS)) ?? errorsT(f.code, f.values) ?? f.sentence)
      : await showFailureLater(form, f, errorsT, FIELDS);
    setFailure(sentence === null ? null : { sentence, requestId: f.requestId ?? null });
  }

  function dropQuote() {
    setHeld(null);
    setStep('quote');
    setFailure(null);
    form.clearErrors('buyAsset');
  }

  function chooseAccount(id: string) {
    const next = startValues(accounts.find((a) => a.id === id));
    form.setValue('accountId', id);
    form.setValue('sellAsset', next.sellAsset);
    form.setValue('buyAsset', next.buyAsset);
    setLastRate(null);
    setDrift(null);
    dropQuote();
  }

  function chooseSell(asset: Asset) {
    form.setValue('sellAsset', asset);
    // The buy side never offers what is sold: keep it, unless it is now the same asset.
    if (asset === buyAsset) form.setValue('buyAsset', otherAsset(assets, asset));
    dropQuote();
  }

  const requestQuote = form.handleSubmit(async (values) => {
    if (!values.sellAsset || !values.buyAsset) return;
    setFailure(null);
    preloadShowFailure();
    preloadQuoteParts();
    const result = readActionResult(
      await createQuoteAction({
        accountId: values.accountId,
        sellAsset: values.sellAsset,
        buyAsset: values.buyAsset,
        fixedSide: values.fixedSide,
        amount: values.amount,
        idempotencyKey: crypto.randomUUID(),
      }),
    );
    if (!result.ok) return await refused(result.failure, step === 'confirm');
    const { quote: next, serverNow, ticket } = result.data;
    // The drift's division (decimal.js) is fetched when the first quote arrives, not with the page, so a re-quote
    // finds it loaded; a failed download only leaves the drift unsaid.
    if (!lastRate) loadRates().catch(() => undefined);
    const drift = lastRate
      ? await loadRates().then(
          (rates) => (rates.sameDirection(lastRate, next.rate) ? rates.driftBps(lastRate, next.rate) : null),
          () => null,
        )
      : null;
    setHeld(holdQuote(next, serverNow, ticket));
    setDrift(drift);
    setLastRate(next.rate);
    setStep('quote');
  });

  function confirm() {
    if (!held || countdown.expired || sentFor.current === held.view.id) return;
    const { id, accountId: quoteAccount, pay } = held.view;
    sentFor.current = id;
    setFailure(null);
    preloadShowFailure();
    startConfirm(async () => {
      const result = readActionResult(
        await confirmSwapAction({ accountId: quoteAccount, quoteId: id, pay: { value: pay.value, asset: pay.asset }, ticket: held.ticket }),
      );
      if (!result.ok) {
        await refused(result.failure, true);
        const after = afterConfirmRefusal(result.failure.code, held.clock, Date.now());
        if (after.quoteOver) setHeld((h) => (h ? { ...h, clock: after.clock } : h));
        // Anything else (a time-out, the service busy) may be retried: the same quote sends the same key.
        else sentFor.current = null;
        return;
      }
      setHeld(null);
      setDrift(null);
      setStep('quote');
      form.setValue('amount', '');
      router.replace(`/convert?operation=${encodeURIComponent(result.data.operationId)}`, { scroll: false });
    });
  }

  const newQuoteButton = (
    <Button variant="secondary" onClick={() => requestQuote()} loading={quoting}>
      {t('quote.newQuote')}
    </Button>
  );

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader title={t('form.legend')} />
        <CardBody>
          <form className="space-y-4" noValidate onSubmit={requestQuote}>
            <Field id="convert-account" label={t('form.account')}>
              <Select value={account.id} onChange={(e) => chooseAccount(e.target.value)}>
                {accounts.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
              </Select>
            </Field>
            {assets.length < 2 ? <Alert tone="info">{t('form.needTwoAssets')}</Alert> : null}
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="convert-sell" label={t('form.sell')}>
                <Select value={sellAsset ?? ''} onChange={(e) => chooseSell(e.target.value as Asset)}>
                  {assets.map((a) => (
                    <option key={a} value={a}>
                      {a}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field id="convert-buy" label={t('form.buy')} error={word(form.error('buyAsset'))}>
                <Select
                  value={buyAsset ?? ''}
                  onChange={(e) => {
                    form.setValue('buyAsset', e.target.value as Asset);
                    dropQuote();
                  }}
                >
                  {assets
                    .filter((a) => a !== sellAsset)
                    .map((a) => (
                      <option key={a} value={a}>
                        {a}
                      </option>
                    ))}
                </Select>
              </Field>
            </div>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-fg">{t('form.fixedSide')}</legend>
              <div className="flex flex-wrap gap-x-6 gap-y-2">
                {(['sell', 'buy'] as const).map((side) => (
                  <label key={side} className="flex items-center gap-2 text-sm text-fg">
                    <input
                      type="radio"
                      name="fixedSide"
                      value={side}
                      checked={fixedSide === side}
                      onChange={() => {
                        form.setValue('fixedSide', side);
                        dropQuote();
                      }}
                      className="size-4 accent-[var(--color-accent,currentColor)]"
                    />
                    {side === 'sell' ? t('form.fixedSell') : t('form.fixedBuy')}
                  </label>
                ))}
              </div>
            </fieldset>
            <MoneyField
              id="convert-amount"
              label={fixedSide === 'sell' ? t('form.amountSell', { asset: sellAsset ?? '' }) : t('form.amountBuy', { asset: buyAsset ?? '' })}
              hint={sellEntry?.availableText ? t('form.available', { amount: sellEntry.availableText }) : t('form.availableUnknown')}
              error={word(form.error('amount'))}
              required
              value={amount}
              asset={fixedAsset ?? 'BRL'}
              locale={locale}
              onChange={(value) => {
                form.setValue('amount', value);
                form.clearErrors('amount');
                if (held) dropQuote();
              }}
            />
            <Button type="submit" variant={quote ? 'secondary' : 'primary'} loading={quoting} disabled={assets.length < 2}>
              {quoting ? t('form.gettingQuote') : quote ? t('quote.newQuote') : t('form.getQuote')}
            </Button>
          </form>
        </CardBody>
      </Card>

      <div className="scroll-mt-4 space-y-4" ref={quoteCard}>
        {failure ? (
          <Alert tone="error" requestId={failure.requestId}>
            {failure.sentence}
          </Alert>
        ) : null}
        {quote ? (
          <Card>
            <CardHeader
              title={step === 'confirm' ? t('confirm.title') : t('quote.title')}
              actions={
                <QuoteCountdownBadge countdown={countdown} namespace="convert.quote" />
              }
            />
            <CardBody className="space-y-4">
              {countdown.expired ? <p className="text-sm font-medium text-danger-text">{t('quote.expired')}</p> : null}
              {drift !== null ? (
                <p className="text-sm text-fg" data-testid="quote-drift" data-bps={drift}>
                  {isZeroDecimal(drift) ? t('quote.driftNone') : t('quote.drift', { bps: formatBps(drift, locale, true) })}
                </p>
              ) : null}
              <QuoteDetails quote={quote} namespace="convert.quote" />
              {step === 'confirm' ? (
                <div className="space-y-3 border-t border-border pt-4">
                  <p className="text-sm text-fg">
                    {t('confirm.text', { pay: amountText(quote.pay, locale), receive: amountText(quote.receive, locale), account: account.name })}
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <Button variant="primary" onClick={confirm} loading={confirming} disabled={countdown.expired}>
                      {confirming ? t('confirm.confirming') : t('confirm.confirm')}
                    </Button>
                    <Button variant="secondary" onClick={() => setStep('quote')} disabled={confirming}>
                      {t('confirm.back')}
                    </Button>
                    {countdown.expired ? newQuoteButton : null}
                  </div>
                </div>
              ) : (
                <div className="flex flex-wrap gap-2 border-t border-border pt-4">
                  <Button variant="primary" onClick={() => setStep('confirm')} disabled={countdown.expired} data-testid="quote-review">
                    {t('quote.review')}
                  </Button>
                  {countdown.expired ? newQuoteButton : null}
                </div>
              )}
            </CardBody>
          </Card>
        ) : null}
      </div>
    </div>
  );
}
