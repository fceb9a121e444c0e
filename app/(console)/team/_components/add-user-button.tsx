'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';

/**
 * The "add user" button. The dialog behind it (the form, the dialog, the copy button) loads
 * when it is first wanted — the pointer over the button, keyboard focus on it, or the click — instead of with /team,
 * which it had put 20 kB over the list pages' first-load JS (README, "Performance budget").
 */
const loadDialog = () => import('./add-user-dialog');
const AddUserDialog = dynamic(() => loadDialog().then((m) => m.AddUserDialog), { ssr: false });

function preload() {
  loadDialog().catch(() => undefined); // a failed download is retried when the dialog renders
}

export function AddUserButton({ delayHours }: { delayHours: number }) {
  const t = useTranslations('team.add');
  const [open, setOpen] = useState(false);
  // Mounted on first open and kept: closing resets the form inside, reopening is instant.
  const [wanted, setWanted] = useState(false);
  // `/team?invite=1` (the palette's "Invite a user") opens the dialog; the parameter is dropped so a reload or
  // the back button does not open it again.
  const invite = useSearchParams().get('invite') === '1';
  const router = useRouter();
  const pathname = usePathname();
  const [invited, setInvited] = useState(false);
  if (invite !== invited) {
    setInvited(invite);
    if (invite) {
      setWanted(true);
      setOpen(true);
    }
  }
  useEffect(() => {
    if (invite) router.replace(pathname, { scroll: false });
  }, [invite, router, pathname]);
  return (
    <>
      <Button
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
          <path d="M10.75 4.75a.75.75 0 0 0-1.5 0v4.5h-4.5a.75.75 0 0 0 0 1.5h4.5v4.5a.75.75 0 0 0 1.5 0v-4.5h4.5a.75.75 0 0 0 0-1.5h-4.5v-4.5Z" />
        </svg>
        {t('button')}
      </Button>
      {wanted ? <AddUserDialog open={open} onClose={() => setOpen(false)} delayHours={delayHours} /> : null}
    </>
  );
}
