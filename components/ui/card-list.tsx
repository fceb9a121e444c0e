import { Fragment, type HTMLAttributes, type LiHTMLAttributes, type ReactNode } from 'react';
import { cn } from './cn';

/**
 * A list's narrow-screen form: one card per row instead of a wide table, so a 390 px phone never scrolls
 * sideways. The page renders the table inside `hidden sm:block` (or `md:`) and this list with `sm:hidden`.
 * Label it like the table (`aria-label`).
 */
export function CardList({ className, ...props }: HTMLAttributes<HTMLUListElement>) {
  return <ul className={cn('rounded-lg border border-border bg-surface', className)} {...props} />;
}

/** One row of a `CardList`. */
export function CardListItem({ className, ...props }: LiHTMLAttributes<HTMLLIElement>) {
  return <li className={cn('border-b border-border px-4 py-3 last:border-b-0', className)} {...props} />;
}

/** A card's secondary facts as label/value pairs (the table's column headings as labels). */
export function CardListFacts({ facts, className }: { facts: ReadonlyArray<readonly [label: string, value: ReactNode]>; className?: string }) {
  return (
    <dl className={cn('mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs', className)}>
      {facts.map(([label, value]) => (
        <Fragment key={label}>
          <dt className="text-fg-muted">{label}</dt>
          <dd className="text-fg [overflow-wrap:anywhere]">{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
