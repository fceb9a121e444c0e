'use client';

import { useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { useState, type ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { lazyInBoundary } from '@/components/ui/lazy-in-boundary';
import { Skeleton } from '@/components/ui/skeleton';

/*
 * The board's editing controls are never in the page's first load: the drop zone and, above all, the add-owner form
 * (its fields and zod) would add ~45 kB gzip to the account page, which finance and viewers — and anyone reading an
 * active account — never use. The add-owner form is fetched when its button is pressed.
 */

// The uploaders are rendered by the server into the board and hydrated when their chunk arrives
// (components/ui/lazy-in-boundary.tsx), each in a boundary of its own; each file picker waits for hydration itself.
export const LazyDocumentUploader = lazyInBoundary(
  () => import('./document-uploader').then((m) => m.DocumentUploader),
  <Skeleton className="mt-3 h-24 w-full" />,
);

const AddOwnerForm = dynamic(() => import('./add-owner-form').then((m) => m.AddOwnerForm), {
  ssr: false,
  loading: () => <Skeleton className="h-64 w-full" />,
});

/** "Add a beneficial owner" opens the form in place (its code is fetched then). */
export function AddOwnerSection(props: Omit<ComponentProps<typeof AddOwnerForm>, 'focusOnMount'>) {
  const t = useTranslations('onboarding.uboForm');
  const [open, setOpen] = useState(false);
  // Opened by a click: focus moves into the form, where the button was.
  if (open) return <AddOwnerForm {...props} focusOnMount />;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h3 className="text-sm font-semibold text-fg">{t('title')}</h3>
        <p className="text-xs text-fg-muted">{t('description')}</p>
      </div>
      <Button type="button" variant="secondary" onClick={() => setOpen(true)}>
        {t('open')}
      </Button>
    </div>
  );
}
