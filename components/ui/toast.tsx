'use client';

import { useTranslations } from 'next-intl';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { cn } from './cn';

export type ToastTone = 'success' | 'error' | 'info';
export type ToastInput = { title: string; description?: string; tone?: ToastTone; requestId?: string };
type ToastItem = ToastInput & { id: number; tone: ToastTone };

type ToastApi = { toast: (input: ToastInput) => void; dismiss: (id: number) => void };

const ToastContext = createContext<ToastApi | null>(null);

const DURATION_MS = 6000;

/** Result toasts for mutations. Polite region for success/info, assertive for errors; no library. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setItems((all) => all.filter((t) => t.id !== id)), []);
  const toast = useCallback((input: ToastInput) => {
    const id = nextId.current++;
    // Keep a short stack: older toasts are gone by the time a fourth arrives.
    setItems((all) => [...all.slice(-2), { ...input, id, tone: input.tone ?? 'success' }]);
  }, []);
  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end">
        <div role="status" aria-live="polite" className="contents">
          {items.filter((t) => t.tone !== 'error').map((t) => (
            <ToastCard key={t.id} item={t} onDismiss={dismiss} />
          ))}
        </div>
        <div role="alert" aria-live="assertive" className="contents">
          {items.filter((t) => t.tone === 'error').map((t) => (
            <ToastCard key={t.id} item={t} onDismiss={dismiss} />
          ))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

const toneClasses: Record<ToastTone, string> = {
  success: 'border-l-success',
  error: 'border-l-danger',
  info: 'border-l-accent',
};

function ToastCard({ item, onDismiss }: { item: ToastItem; onDismiss: (id: number) => void }) {
  const t = useTranslations('common');
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    // Errors stay until dismissed: they may carry a request id the user needs to copy.
    if (paused || item.tone === 'error') return;
    const timer = setTimeout(() => onDismiss(item.id), DURATION_MS);
    return () => clearTimeout(timer);
  }, [paused, item.id, item.tone, onDismiss]);

  return (
    <div
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className={cn(
        'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border border-l-4 border-border bg-surface px-4 py-3 text-sm text-fg shadow-lg',
        toneClasses[item.tone],
      )}
    >
      <div className="min-w-0 flex-1">
        <p className="font-medium">{item.title}</p>
        {item.description ? <p className="mt-0.5 text-fg-muted">{item.description}</p> : null}
        {item.requestId ? (
          <p className="mt-1 text-xs text-fg-muted">
            {t('requestId')} <code className="font-mono select-all">{item.requestId}</code>
          </p>
        ) : null}
      </div>
      <button
        type="button"
        onClick={() => onDismiss(item.id)}
        className="-m-1 rounded p-1 text-fg-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
      >
        <span className="sr-only">{t('dismissNotification')}</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
          <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
        </svg>
      </button>
    </div>
  );
}

/** `const { toast } = useToast(); toast({ title: 'Saved' })`. Needs <ToastProvider> (the console shell has it). */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
