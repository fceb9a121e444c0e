import { getLocale, getTranslations } from 'next-intl/server';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { IntlScope } from '@/components/i18n/intl-scope';
import { AmountText, amountText } from '@/components/money/amount-text';
import { CopyButton } from '@/components/ui/copy-button';
import type { DepositInstruction } from '@/lib/deposits/deposit-instruction';

/** The QR, the amount to pay in (and what it credits, when another asset), the PIX key and the expiry. */
export async function DepositPaymentFacts({ deposit: { operation, key, qr } }: { deposit: DepositInstruction }) {
  const [t, locale] = await Promise.all([getTranslations('deposits'), getLocale()]);
  const payIn = operation.sourceAmount;
  return (
    <div className="grid gap-6 md:grid-cols-[auto_1fr]">
      {qr ? (
        <figure className="space-y-2">
          {/* eslint-disable-next-line @next/next/no-img-element -- a server-drawn data URL, nothing for next/image to optimise */}
          <img
            src={qr}
            width={192}
            height={192}
            alt={t('instruction.qrAlt', { amount: amountText(payIn, locale) })}
            className="rounded-md border border-border bg-white p-1"
            data-testid="deposit-qr"
          />
          <figcaption className="text-xs text-fg-muted">{t('instruction.qr')}</figcaption>
        </figure>
      ) : null}
      <dl className="min-w-0 space-y-3 text-sm">
        <div>
          <dt className="text-fg-muted">{t('instruction.amount')}</dt>
          <dd className="text-lg font-semibold" data-testid="deposit-amount" data-value={payIn.value}>
            <AmountText amount={payIn} />
          </dd>
        </div>
        {operation.targetAmount.asset !== payIn.asset ? (
          <div>
            <dt className="text-fg-muted">{t('instruction.credit')}</dt>
            <dd>
              <AmountText amount={operation.targetAmount} />
            </dd>
          </div>
        ) : null}
        {key ? (
          <div>
            <dt className="text-fg-muted">{t('instruction.key')}</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <code className="break-all" data-testid="deposit-key">
                {key}
              </code>
              <IntlScope namespaces={[]}>
                <CopyButton value={key} srLabel={t('instruction.copyKey')} />
              </IntlScope>
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="text-fg-muted">{t('instruction.expires')}</dt>
          <dd>
            <DateTimeText value={operation.quote.expiresAt} />
          </dd>
        </div>
      </dl>
    </div>
  );
}
