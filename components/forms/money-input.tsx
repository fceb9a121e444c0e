'use client';

import { useState, type ClipboardEvent, type Ref } from 'react';
import { Input, type InputProps } from '@/components/ui/input';
import { cn } from '@/components/ui/cn';
import type { Asset } from '@/lib/money/assets';
import { acceptTyped, decimalToTyped, parsePasted, typedToDecimal } from '@/lib/money/input';

export type MoneyInputProps = Omit<InputProps, 'value' | 'defaultValue' | 'onChange' | 'type' | 'inputMode'> & {
  /** The amount as a decimal string (`1234.56`), `''` when empty. Never a number. */
  value: string;
  onChange: (value: string) => void;
  asset: Asset;
  /** The user's locale (`pt-BR`, `en`): decides the decimal mark shown and how pasted text is read. */
  locale: string;
  ref?: Ref<HTMLInputElement>;
};

/**
 * An amount field: shows the locale's decimal mark, refuses keystrokes beyond the asset's scale (2 fiat,
 * 6 stablecoins), reads pasted `1.234,56` / `1,234.56` / `R$ 1.234,56`, and hands the form a decimal string.
 * Works with react-hook-form through `<Controller>` (value/onChange/onBlur/ref).
 */
export function MoneyInput({ value, onChange, asset, locale, className, onPaste, ...props }: MoneyInputProps) {
  const [text, setText] = useState(() => decimalToTyped(value, locale));
  // The form may reset or set the value from outside: follow it unless it is what the text already says.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (typedToDecimal(text, locale) !== value) setText(decimalToTyped(value, locale));
  }

  function commit(next: string) {
    setText(next);
    const decimal = typedToDecimal(next, locale);
    setSeen(decimal);
    onChange(decimal);
  }

  return (
    <Input
      {...props}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      className={cn('tabular-nums', className)}
      value={text}
      onChange={(event) => {
        const accepted = acceptTyped(event.target.value, asset, locale);
        if (accepted !== null) commit(accepted);
      }}
      onPaste={(event: ClipboardEvent<HTMLInputElement>) => {
        onPaste?.(event);
        const input = event.currentTarget;
        // A paste over the whole field (or into an empty one) is read as one amount in either notation.
        const replacesAll = input.selectionStart === 0 && input.selectionEnd === input.value.length;
        if (!replacesAll) return;
        const parsed = parsePasted(event.clipboardData.getData('text'), asset, locale);
        event.preventDefault();
        if (parsed !== null) commit(decimalToTyped(parsed, locale));
      }}
    />
  );
}
