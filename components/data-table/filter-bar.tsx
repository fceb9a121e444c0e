import Link from 'next/link';
import type { ReactNode } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { cn } from '@/components/ui/cn';
import { Label } from '@/components/ui/label';

/**
 * A list's filters as a plain GET form: submitting writes them into the URL (the one source of truth, which saved
 * views read and write too) and, because the cursor is not a field, starts again from the first page. Works without
 * client JS. `stateKey` remounts the form when the URL changes (e.g. "Clear"), so its uncontrolled fields show the
 * new state. The grid of fields is the list's (`className`): each list has its own number of fields.
 */
export function FilterBar({
  action,
  label,
  stateKey,
  className,
  applyLabel,
  clear,
  actionsClassName,
  hint,
  heading,
  notice,
  children,
}: {
  action: string;
  label: string;
  stateKey: string;
  className?: string;
  applyLabel: string;
  /** The link back to the unfiltered list; left out when there is nothing to clear. */
  clear?: { href: string; label: string } | null;
  actionsClassName?: string;
  /** A line under the fields, across the whole form, that describes them (e.g. in which zone dates are read). */
  hint?: { id: string; text: ReactNode };
  /** A visible title over the fields, for a filter bar inside a page section. */
  heading?: ReactNode;
  /** A line above the fields, e.g. why the filters in the URL were not applied. */
  notice?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form
      key={stateKey}
      method="get"
      action={action}
      role="search"
      aria-label={label}
      aria-describedby={hint?.id}
      className={cn('mb-4 grid gap-3 rounded-lg border border-border bg-surface p-4', className)}
    >
      {heading ? <h3 className="col-span-full text-sm font-semibold text-fg">{heading}</h3> : null}
      {notice ? <div className="col-span-full">{notice}</div> : null}
      {children}
      <div className={cn('flex items-end gap-2', actionsClassName)}>
        <button type="submit" className={buttonVariants({ variant: 'primary' })}>
          {applyLabel}
        </button>
        {clear ? (
          <Link href={clear.href} className={buttonVariants({ variant: 'ghost' })}>
            {clear.label}
          </Link>
        ) : null}
      </div>
      {hint ? (
        <p id={hint.id} className="col-span-full text-xs text-fg-muted">
          {hint.text}
        </p>
      ) : null}
    </form>
  );
}

/** One labelled field of a `FilterBar`. */
export function FilterField({ id, label, className, children }: { id: string; label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}
