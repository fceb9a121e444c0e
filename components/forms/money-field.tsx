'use client';

import { useTranslations } from 'next-intl';
import { useState, type ClipboardEvent, type ReactNode } from 'react';
import { amountText } from '@/components/money/amount-text';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { MONEY_READING_CODES } from '@/lib/money/amount-problem';
import { decimalsOf, type Asset } from '@/lib/money/assets';
import { decimalSeparator, decimalToText, groupSeparator, parsePasted, readTyped, type MoneyReading } from '@/lib/money/input';
import { useErrorsTranslator } from '@/components/i18n/use-errors-translator';

export type MoneyFieldProps = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The form's own message for the amount (empty, over the balance, the server's refusal). */
  error?: string;
  required?: boolean;
  className?: string;
  /** The amount as a decimal string (`1234.56`), `''` while the field holds nothing that can be sent. Never a number. */
  value: string;
  onChange: (value: string) => void;
  asset: Asset;
  /** The user's locale (`pt-BR`, `en`): decides how typed text is read and how the amount is shown. */
  locale: string;
  disabled?: boolean;
};

/**
 * An amount field. The text is read strictly in the user's notation (`1.234,56` in pt-BR, `1,234.56` in en) and
 * the amount it will send is shown under it, formatted (`R$ 1.234,56`), so a misread is visible before anything is
 * sent. Text that is not one exact amount (letters, a misplaced separator, more decimals than the asset's scale) is
 * refused on the field with a message and hands the form `''`, so it is never sent, rounded or cut. A paste over the
 * whole field is read in either notation (`R$ 1.234,56`, `1,234.56 USD`) and shown in the user's.
 */
export function MoneyField({ id, label, hint, error, required, className, value, onChange, asset, locale, disabled }: MoneyFieldProps) {
  const t = useTranslations('common.moneyInput');
  const errorsT = useErrorsTranslator();
  const [text, setText] = useState(() => decimalToText(value, locale));
  const [focused, setFocused] = useState(false);
  // The form may reset or set the value from outside: follow it unless it is what the text already says.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (sendable(readTyped(text, asset, locale)) !== value) setText(decimalToText(value, locale));
  }
  const reading = readTyped(text, asset, locale);

  // A change of asset can make the same text unreadable (`1,123456` is fine in USDC, not in BRL): the field says so
  // at once, and the form's value keeps the old decimals, which every form and action checks against the new
  // asset's scale before sending, so it is refused there too and never cut.

  function commit(next: string) {
    setText(next);
    const decimal = sendable(readTyped(next, asset, locale));
    setSeen(decimal);
    onChange(decimal);
  }

  // Text still being typed (`1.2` on the way to `1.234`) is only wrong once the field is left or the form refused it.
  const problem = reading.kind === 'problem' || (reading.kind === 'partial' && (!focused || error)) ? reading.problem : null;
  const problemText =
    problem === null
      ? undefined
      : errorsT(MONEY_READING_CODES[problem], {
          asset,
          decimals: decimalsOf(asset),
          decimal: decimalSeparator(locale),
          group: groupSeparator(locale),
          example: decimalToText('1234.56', locale),
        });
  const readingId = `${id}-reading`;

  return (
    <Field id={id} label={label} hint={hint} error={problemText ?? error} required={required} className={className}>
      {(control) => (
        <>
          <Input
            {...control}
            aria-describedby={[control['aria-describedby'], reading.kind === 'ok' ? readingId : null].filter(Boolean).join(' ') || undefined}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            disabled={disabled}
            className="tabular-nums"
            value={text}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
            onChange={(event) => commit(event.target.value)}
            onPaste={(event: ClipboardEvent<HTMLInputElement>) => {
              const input = event.currentTarget;
              // A paste over the whole field (or into an empty one) is read as one amount in either notation;
              // anywhere else it is typing, read as the rest of the text.
              const replacesAll = input.selectionStart === 0 && input.selectionEnd === input.value.length;
              if (!replacesAll) return;
              const parsed = parsePasted(event.clipboardData.getData('text'), asset, locale);
              if (parsed === null) return;
              event.preventDefault();
              commit(decimalToText(parsed, locale));
            }}
          />
          {reading.kind === 'ok' ? (
            <p id={readingId} className="text-xs text-fg-muted" data-testid={`${id}-reading`} data-value={reading.value}>
              {t('reading', { amount: amountText({ value: reading.value, asset }, locale) })}
            </p>
          ) : null}
        </>
      )}
    </Field>
  );
}

function sendable(reading: MoneyReading): string {
  return reading.kind === 'ok' ? reading.value : '';
}
