import type { HTMLAttributes } from 'react';
import { cn } from './cn';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-tone-neutral-bg text-tone-neutral-fg ring-tone-neutral-ring',
  info: 'bg-tone-info-bg text-tone-info-fg ring-tone-info-ring',
  success: 'bg-tone-success-bg text-tone-success-fg ring-tone-success-ring',
  warning: 'bg-tone-warning-bg text-tone-warning-fg ring-tone-warning-ring',
  danger: 'bg-tone-danger-bg text-tone-danger-fg ring-tone-danger-ring',
};

const dots: Record<BadgeTone, string> = {
  neutral: 'bg-tone-neutral-fg',
  info: 'bg-tone-info-fg',
  success: 'bg-tone-success-fg',
  warning: 'bg-tone-warning-fg',
  danger: 'bg-tone-danger-fg',
};

export type BadgeProps = HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone; dot?: boolean };

/** A status pill. Colour is never the only signal: the text always names the state. */
export function Badge({ tone = 'neutral', dot = false, className, children, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        tones[tone],
        className,
      )}
      {...props}
    >
      {dot ? <span aria-hidden="true" className={cn('size-1.5 rounded-full', dots[tone])} /> : null}
      {children}
    </span>
  );
}
