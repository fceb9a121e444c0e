'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/**
 * Follows the service's review while the account is REVIEWING or OPENING: re-renders the page's server
 * components every `intervalMs` until the status is terminal for onboarding (ACTIVE, back to ACTION_REQUIRED,
 * REJECTED), so statuses and funding instructions appear without a reload.
 */
export function ReviewFollower({ active, intervalMs = 3000 }: { active: boolean; intervalMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => router.refresh(), intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs, router]);
  return null;
}
