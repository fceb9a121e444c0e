import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { cn } from './cn';

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** A native checkbox; with `label` it renders its own clickable label. */
export function Checkbox({ className, label, id, ...props }: CheckboxProps) {
  const box = (
    <input
      type="checkbox"
      id={id}
      className={cn(
        'size-4 shrink-0 rounded border-border-strong accent-accent',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
      {...props}
    />
  );
  if (!label) return box;
  return (
    <label htmlFor={id} className="inline-flex items-center gap-2 text-sm text-fg">
      {box}
      <span>{label}</span>
    </label>
  );
}
