import type { ReactNode } from 'react';
import type { NavGroupLabels, NavIcon, NavItem } from './nav';
import { NavLinks } from './nav-links';

/**
 * Below `md` the sidebar folds into a <details> menu: no JS needed to open or close it. `alone` (a phone, which gets
 * no sidebar): the menu at every width.
 */
export function MobileNav({
  items,
  label,
  menuLabel,
  groupLabels,
  icons,
  alone = false,
}: {
  items: NavItem[];
  label: string;
  menuLabel: string;
  groupLabels?: NavGroupLabels;
  icons: Partial<Record<NavIcon, ReactNode>>;
  alone?: boolean;
}) {
  return (
    <details data-menu className={alone ? 'group' : 'group md:hidden'}>
      <summary className="flex size-9 cursor-pointer list-none items-center justify-center rounded-md text-fg-muted hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
        <span className="sr-only">{menuLabel}</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5 group-open:hidden">
          <path fillRule="evenodd" clipRule="evenodd" d="M2 4.75A.75.75 0 0 1 2.75 4h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 4.75ZM2 10a.75.75 0 0 1 .75-.75h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 10Zm0 5.25a.75.75 0 0 1 .75-.75h14.5a.75.75 0 0 1 0 1.5H2.75a.75.75 0 0 1-.75-.75Z" />
        </svg>
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="hidden size-5 group-open:block">
          <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
        </svg>
      </summary>
      <div className="absolute inset-x-0 top-full z-40 border-b border-border bg-surface p-3 shadow-lg">
        <NavLinks items={items} label={label} groupLabels={groupLabels} icons={icons} />
      </div>
    </details>
  );
}
