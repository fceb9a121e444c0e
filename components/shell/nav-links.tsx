'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { cn } from '@/components/ui/cn';
import { isActive, type NavItem } from './nav';
import { NavIcon } from './nav-icon';

/** The section links; client only to mark the current page (aria-current) as the user navigates. */
export function NavLinks({ items, label }: { items: NavItem[]; label: string }) {
  const pathname = usePathname() ?? '/';
  return (
    <nav aria-label={label}>
      <ul className="space-y-0.5">
        {items.map((item) => {
          const active = isActive(item, pathname);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={active ? 'page' : undefined}
                onClick={(event) => {
                  // Close the mobile menu (a <details>) once a section is chosen.
                  const details = event.currentTarget.closest('details');
                  if (details) details.open = false;
                }}
                className={cn(
                  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring',
                  active ? 'bg-accent-soft text-accent-text' : 'text-fg-muted hover:bg-surface-muted hover:text-fg',
                )}
              >
                <NavIcon name={item.icon} className="size-5 shrink-0" />
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
