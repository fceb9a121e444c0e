import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { ROLE_LABELS, type Role } from '@/lib/auth/permissions';
import { SignOutButton } from './sign-out-button';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** Who is signed in, their role, and the way out. A <details> disclosure: works without JS. */
export function UserMenu({ name, email, role }: { name: string; email: string; role: Role }) {
  return (
    <details data-menu className="group relative">
      <summary
        data-testid="user-menu"
        className="flex cursor-pointer list-none items-center gap-2 rounded-md py-1 pr-2 pl-1 hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden"
      >
        <span className="sr-only">Account menu: </span>
        <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-full bg-accent text-xs font-semibold text-accent-fg">
          {initials(name)}
        </span>
        {/* Always in the accessibility tree; only visible from `sm` up. */}
        <span className="sr-only text-left sm:not-sr-only sm:block">
          <span className="block text-sm leading-tight font-medium text-fg">{name}</span>
          <span className="block text-xs leading-tight text-fg-muted">{ROLE_LABELS[role]}</span>
        </span>
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 text-fg-subtle transition-transform group-open:rotate-180">
          <path fillRule="evenodd" clipRule="evenodd" d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z" />
        </svg>
      </summary>
      <div className="absolute right-0 z-40 mt-2 w-64 rounded-lg border border-border bg-surface p-1.5 shadow-lg">
        <div className="border-b border-border px-3 pt-1.5 pb-3">
          <p className="truncate text-sm font-medium text-fg">{name}</p>
          <p className="truncate text-xs text-fg-muted">{email}</p>
          <Badge tone="info" className="mt-2" data-testid="user-role">
            {ROLE_LABELS[role]}
          </Badge>
        </div>
        <div className="pt-1.5">
          <Link
            href="/change-password"
            className="flex items-center gap-2 rounded-md px-3 py-2 text-sm text-fg hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 text-fg-muted">
              <path fillRule="evenodd" clipRule="evenodd" d="M8 7a5 5 0 1 1 3.61 4.804l-1.903 1.903A1 1 0 0 1 9 14H8v1a1 1 0 0 1-1 1H6v1a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1v-2a1 1 0 0 1 .293-.707L8.196 8.39A5.002 5.002 0 0 1 8 7Zm5-3a.75.75 0 0 0 0 1.5A1.5 1.5 0 0 1 14.5 7 .75.75 0 0 0 16 7a3 3 0 0 0-3-3Z" />
            </svg>
            Change password
          </Link>
          <SignOutButton />
        </div>
      </div>
    </details>
  );
}
