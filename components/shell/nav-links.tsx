'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { cn } from '@/components/ui/cn';
import type { ReactNode } from 'react';
import { currentNavHref, navSections, type NavGroupLabels, type NavIcon, type NavItem } from './nav-sections';

/**
 * The section links; client only to mark the current page (aria-current) as the user navigates. The icons come
 * rendered from the server (`navIcons` in ./nav-icon.tsx), so their paths are not in the browser's code.
 */
export function NavLinks({
  items,
  label,
  groupLabels,
  icons,
}: {
  items: NavItem[];
  label: string;
  groupLabels?: NavGroupLabels;
  icons: Partial<Record<NavIcon, ReactNode>>;
}) {
  const pathname = usePathname() ?? '/';
  const current = currentNavHref(items, pathname);
  return (
    <nav aria-label={label} className="space-y-4">
      {navSections(items, groupLabels).map((section) => (
        <div key={section.id}>
          {section.label ? (
            <p id={`nav-group-${section.id}`} className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-fg-muted">
              {section.label}
            </p>
          ) : null}
          <ul className="space-y-0.5" aria-labelledby={section.label ? `nav-group-${section.id}` : undefined}>
            {section.items.map((item) => {
              const active = item.href === current;
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
                    {icons[item.icon]}
                    <span className="min-w-0 flex-1 truncate">{item.label}</span>
                    {item.count ? (
                      <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold tabular-nums text-accent-fg">
                        {item.count}
                      </span>
                    ) : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
