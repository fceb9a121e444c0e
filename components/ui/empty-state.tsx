import type { ReactNode } from 'react';
import { cn } from './cn';

/** What a list shows when it has nothing: what this place is for and the next step. */
export function EmptyState({
  title,
  description,
  action,
  icon,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center rounded-lg border border-dashed border-border-strong px-6 py-12 text-center',
        className,
      )}
    >
      <div aria-hidden="true" className="mb-3 flex size-10 items-center justify-center rounded-full bg-surface-muted text-fg-muted">
        {icon ?? (
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" className="size-5">
            <path strokeLinecap="round" strokeLinejoin="round" d="M3.75 9.75h16.5m-16.5 4.5h16.5M4.5 19.5h15a.75.75 0 0 0 .75-.75V5.25a.75.75 0 0 0-.75-.75h-15a.75.75 0 0 0-.75.75v13.5c0 .414.336.75.75.75Z" />
          </svg>
        )}
      </div>
      <p className="text-sm font-semibold text-fg">{title}</p>
      {description ? <p className="mt-1 max-w-sm text-sm text-fg-muted">{description}</p> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}
