'use client';

import { useCallback, useState } from 'react';

function newKey(): string {
  return crypto.randomUUID();
}

/**
 * One idempotency key per form instance (= one user intent): made when the form mounts, sent with every
 * submit of that form so a double click or a retry after a lost response is executed once by the service,
 * and replaced only after the intent succeeded (`renew`), so the next, different intent gets its own key.
 */
export function useIdempotencyKey(): { key: string; renew: () => void } {
  const [key, setKey] = useState(newKey);
  const renew = useCallback(() => setKey(newKey()), []);
  return { key, renew };
}
