import type { LabelHTMLAttributes } from 'react';
import { cn } from './cn';

export type LabelProps = LabelHTMLAttributes<HTMLLabelElement> & { required?: boolean };

export function Label({ className, children, required, ...props }: LabelProps) {
  return (
    <label className={cn('block text-sm font-medium text-fg', className)} {...props}>
      {children}
      {required ? (
        <span className="ml-0.5 text-danger-text" aria-hidden="true">
          *
        </span>
      ) : null}
    </label>
  );
}
