'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { buttonVariants, type ButtonSize, type ButtonVariant } from './button-variants';
import { cn } from './cn';

/**
 * Copies `value` to the clipboard and says so (visibly and to screen readers).
 * Falls back to a hidden textarea where the async clipboard API is unavailable (plain http hosts).
 */
export function CopyButton({
  value,
  label,
  copiedLabel,
  srLabel,
  variant = 'secondary',
  size = 'sm',
  className,
  iconOnly = false,
}: {
  value: string;
  label?: string;
  copiedLabel?: string;
  /** Accessible name when the visible label is not specific enough, e.g. "Copy IBAN". */
  srLabel?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  iconOnly?: boolean;
}) {
  const t = useTranslations('common');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const t = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(t);
  }, [state]);

  async function copy() {
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(value);
      } else {
        const area = document.createElement('textarea');
        area.value = value;
        area.setAttribute('readonly', '');
        area.className = 'fixed -left-[9999px]';
        document.body.appendChild(area);
        area.select();
        const ok = document.execCommand('copy');
        area.remove();
        if (!ok) throw new Error('copy failed');
      }
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  const idleText = label ?? t('copy');
  const text = state === 'copied' ? (copiedLabel ?? t('copied')) : state === 'failed' ? t('copyFailed') : idleText;
  return (
    <button
      type="button"
      onClick={copy}
      aria-label={iconOnly || srLabel ? (state === 'idle' ? (srLabel ?? idleText) : text) : undefined}
      className={cn(buttonVariants({ variant, size }), iconOnly && 'px-2', className)}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
        {state === 'copied' ? (
          <path fillRule="evenodd" clipRule="evenodd" d="M16.704 4.153a.75.75 0 0 1 .143 1.052l-8 10.5a.75.75 0 0 1-1.127.075l-4.5-4.5a.75.75 0 0 1 1.06-1.06l3.894 3.893 7.48-9.817a.75.75 0 0 1 1.05-.143Z" />
        ) : (
          <path d="M7 3.5A1.5 1.5 0 0 1 8.5 2h3.879a1.5 1.5 0 0 1 1.06.44l3.122 3.12A1.5 1.5 0 0 1 17 6.622V12.5a1.5 1.5 0 0 1-1.5 1.5h-1v-3.379a3 3 0 0 0-.879-2.121L10.5 5.379A3 3 0 0 0 8.379 4.5H7v-1ZM4.5 6A1.5 1.5 0 0 0 3 7.5v9A1.5 1.5 0 0 0 4.5 18h7a1.5 1.5 0 0 0 1.5-1.5v-5.879a1.5 1.5 0 0 0-.44-1.06L9.44 6.439A1.5 1.5 0 0 0 8.378 6H4.5Z" />
        )}
      </svg>
      {iconOnly ? null : <span>{text}</span>}
      <span className="sr-only" aria-live="polite">
        {state === 'copied' ? t('copiedToClipboard') : state === 'failed' ? t('couldNotCopy') : ''}
      </span>
    </button>
  );
}
