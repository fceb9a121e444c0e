'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, useTransition } from 'react';
import { MoneyField } from '@/components/forms/money-field';
import { useIdempotencyKey } from '@/components/forms/use-idempotency-key';
import { amountErrorKey, useSectionFailure } from '@/components/money-movement/use-section-failure';
import { QuoteCountdownBadge } from '@/components/quotes/quote-countdown-badge';
import { QuoteDetails } from '@/components/quotes/quote-details';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { useQuoteCountdown } from '@/hooks/use-quote-countdown';
import { readActionResult } from '@/lib/actions/result';
import type { Failure } from '@/lib/errors';
import { afterConfirmRefusal } from '@/lib/domain/quotes/confirm-refusal';
import { quoteClock, type QuoteClock } from '@/lib/domain/quotes/countdown';
import type { QuoteView } from '@/lib/domain/quotes/view';
import type { Asset } from '@/lib/money/assets';
import { parseAmount } from '@/lib/money/parse-amount';
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
  const [held, setHeld] = useState<Held | null>(null);
  const [quoting, startQuote] = useTransition();
  const [pending, start] = useTransition();
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

  /** Anything that changes the intent drops the quote: it priced another deposit. */
  function dropQuote() {
    setHeld(null);
    setFailure(null);
  }

  function readAmount(): string | null {
    if (!asset) return null;
    const parsed = parseAmount(amount, asset);
    if (!parsed.ok) {
      setAmountError(t(amountErrorKey(parsed.code), { asset }));
      return null;
    }
    return parsed.amount.value;
  }

  function navigateTo(operationId: string) {
    setNavigating(true);
    router.push(`/deposits/${encodeURIComponent(operationId)}`);
  }

  function submit() {
    if (!account || !asset || pending || quoting || navigating) return;
    setFailure(null);
    setAmountError(undefined);
    const value = readAmount();
    if (value === null) return;
    if (converted) {
      startQuote(async () => {
        const result = readActionResult(
          await quoteDepositAction({ accountId: account.id, asset, amount: value, idempotencyKey: crypto.randomUUID() }),
        );
        if (!result.ok) {
          setFailure(result.failure);
          return;
        }
        const { quote: next, serverNow } = result.data;
        setHeld({ view: next, clock: quoteClock(next.expiresAt, serverNow, Date.now()) });
      });
      return;
    }
    start(async () => {
      const result = readActionResult(await createDepositAction({ accountId: account.id, asset, amount: value, idempotencyKey: key }));
      if (!result.ok) {
        setFailure(result.failure);
        return;
      }
      navigateTo(result.data.operationId);
    });
  }

  function createFromQuote() {
    if (!held || countdown.expired || navigating || sentFor.current === held.view.id) return;
    const { id, accountId: quoteAccount } = held.view;
    sentFor.current = id;
    setFailure(null);
    start(async () => {
      const result = readActionResult(await createDepositAction({ accountId: quoteAccount, quoteId: id }));
      if (!result.ok) {
        setFailure(result.failure);
        const after = afterConfirmRefusal(result.failure.code, held.clock, Date.now());
        if (after.quoteOver) setHeld((h) => (h ? { ...h, clock: after.clock } : h));
        // Anything else may be retried: the same quote sends the same key.
        else sentFor.current = null;
        return;
      }
      navigateTo(result.data.operationId);
    });
  }

  const serverAmountError = failure?.fieldErrors.amount;
  const busy = pending || navigating;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
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
            {failure && !serverAmountError && !quote ? (
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
                  setAsset(e.target.value as Asset);
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
              error={amountError ?? serverAmountError}
              required
              value={amount}
              asset={asset}
              locale={locale}
              onChange={(value) => {
                setAmount(value);
                setAmountError(undefined);
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
            <Alert tone="error" requestId={failure.requestId ?? null}>
              {failureSentence(failure)}
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
                    <Button variant="secondary" onClick={submit} loading={quoting}>
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
