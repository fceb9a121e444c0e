import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { cn } from './cn';
import { Label } from './label';

export type FieldControlProps = {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
};

export type FieldProps = {
  /** The control's id; hint and error ids derive from it. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Error text; when set the control is marked invalid and the message is announced with it. */
  error?: string;
  required?: boolean;
  className?: string;
  /** One control element (cloned with the ids) or a function receiving the props to spread. */
  children: ReactElement | ((props: FieldControlProps) => ReactNode);
};

/** Ids the field's hint and error use, for callers that wire a control by hand. */
export function fieldDescriptionIds(id: string) {
  return { hintId: `${id}-hint`, errorId: `${id}-error` };
}

/**
 * Label + control + hint + error, with aria-describedby/aria-invalid wired so a screen reader reads the
 * error together with the field. Works in server and client components.
 */
export function Field({ id, label, hint, error, required, className, children }: FieldProps) {
  const { hintId, errorId } = fieldDescriptionIds(id);
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const controlProps: FieldControlProps = {
    id,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    'aria-required': required ? true : undefined,
  };
  const control =
    typeof children === 'function'
      ? children(controlProps)
      : isValidElement(children)
        ? cloneElement(children, controlProps)
        : children;

  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      {control}
      {hint ? (
        <p id={hintId} className="text-xs text-fg-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="flex items-start gap-1 text-xs font-medium text-danger-text">
          <svg aria-hidden="true" viewBox="0 0 16 16" fill="currentColor" className="mt-px size-3.5 shrink-0">
            <path d="M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1Zm-.75 3.5a.75.75 0 0 1 1.5 0v4a.75.75 0 0 1-1.5 0v-4ZM8 12a1 1 0 1 1 0-2 1 1 0 0 1 0 2Z" />
          </svg>
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
