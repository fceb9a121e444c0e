'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { LazyPolicyEditor, preloadPolicyEditor } from './lazy-policy-editor';
import type { PolicyEditorView } from './policy-editor';

/**
 * The saved policy in words (the page's, drawn on the server) and a button that opens the editor in its place.
 * The editor (a form of money fields that read and format amounts in the user's locale) is not built on load: it
 * was the admin's /payouts' one long task after hydration, and most visits only read the policy. It loads when the
 * button is pointed at or focused, so it is usually there by the click.
 */
export function PolicyEditorLauncher({ view, label, children }: { view: PolicyEditorView; label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const closedByUser = useRef(false);
  useEffect(() => {
    // Back on the button that opened the editor, so a keyboard user does not start again from the top of the page.
    if (!open && closedByUser.current) {
      closedByUser.current = false;
      button.current?.focus();
    }
  }, [open]);

  if (open) {
    return (
      <LazyPolicyEditor
        view={view}
        onClose={() => {
          closedByUser.current = true;
          setOpen(false);
        }}
      />
    );
  }
  return (
    <>
      {children}
      <Button ref={button} variant="secondary" onPointerEnter={preloadPolicyEditor} onFocus={preloadPolicyEditor} onClick={() => setOpen(true)}>
        {label}
      </Button>
    </>
  );
}
