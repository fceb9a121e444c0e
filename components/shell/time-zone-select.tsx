'use client';

import { useEffect, useRef, useState } from 'react';
import { Select } from '@/components/ui/select';

/** Every zone this browser knows (a browser API: no server trip), the saved one kept even if unknown here. */
function browserZones(saved: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  return saved && !zones.includes(saved) ? [saved, ...zones] : zones;
}

/**
 * The user menu's time zone picker. The ~400 IANA zones are not in the page's HTML (the menu is on every page):
 * the server renders the browser default and the saved zone, and the full list is filled in from the browser's
 * Intl when the menu (a <details>) opens. Without JS the saved zone or the browser default can still be chosen.
 */
export function TimeZoneSelect({
  id,
  name,
  savedTimeZone,
  browserLabel,
  className,
}: {
  id: string;
  name: string;
  savedTimeZone: string | null;
  /** The first option ("Browser's zone (…)"), already in the reader's language. */
  browserLabel: string;
  className?: string;
}) {
  const saved = savedTimeZone ?? '';
  const ref = useRef<HTMLSelectElement>(null);
  const [zones, setZones] = useState<string[] | null>(null);

  useEffect(() => {
    const details = ref.current?.closest('details');
    const load = () => setZones((current) => current ?? browserZones(saved));
    if (!details || details.open) {
      load();
      return;
    }
    const onToggle = () => {
      if (details.open) load();
    };
    details.addEventListener('toggle', onToggle);
    return () => details.removeEventListener('toggle', onToggle);
  }, [saved]);

  const options = zones ?? (saved ? [saved] : []);
  return (
    <Select ref={ref} id={id} name={name} defaultValue={saved} className={className} data-zones-loaded={zones ? 'true' : 'false'}>
      <option value="">{browserLabel}</option>
      {options.map((zone) => (
        <option key={zone} value={zone}>
          {zone}
        </option>
      ))}
    </Select>
  );
}
