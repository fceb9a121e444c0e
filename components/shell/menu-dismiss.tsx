'use client';

import { useEffect } from 'react';

/**
 * The shell's menus are <details> (they work before JS loads). Once JS is here, close them like real menus:
 * on Escape (focus back to the toggle) and on a click outside.
 */
export function MenuDismiss() {
  useEffect(() => {
    const openMenus = () => Array.from(document.querySelectorAll<HTMLDetailsElement>('details[data-menu][open]'));
    function onKey(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      for (const menu of openMenus()) {
        menu.open = false;
        menu.querySelector('summary')?.focus();
      }
    }
    function onClick(event: MouseEvent) {
      for (const menu of openMenus()) {
        if (!menu.contains(event.target as Node)) menu.open = false;
      }
    }
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, []);
  return null;
}
