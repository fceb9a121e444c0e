'use client';

import { createTranslator, useLocale, useMessages, useTimeZone } from 'next-intl';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { AppLocale } from '@/lib/i18n/config';

type Catalogue = Record<string, unknown>;

/** The `errors` catalogue of each language, in a chunk of its own. */
const LOADERS: Record<AppLocale, () => Promise<{ default: Catalogue }>> = {
  en: () => import('@/messages/en/errors.json'),
  'pt-BR': () => import('@/messages/pt-BR/errors.json'),
};

const loaded = new Map<AppLocale, Catalogue>();
const pending = new Map<AppLocale, Promise<void>>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Asked for as soon as a page with such a component loads (the page's language is <html lang>), not when the component
// mounts: a dialog opened and answered at once finds its words there.
if (typeof document !== 'undefined' && document.documentElement.lang in LOADERS) {
  void loadErrorsCatalogue(document.documentElement.lang as AppLocale);
}

/** The catalogue of `locale` when this tab has loaded it. */
export function loadedErrorsCatalogue(locale: AppLocale): Catalogue | undefined {
  return loaded.get(locale);
}

/** Loads `locale`'s catalogue once per tab; a failed load (offline) is tried again by the next component that asks. */
export function loadErrorsCatalogue(locale: AppLocale): Promise<void> {
  if (loaded.has(locale)) return Promise.resolve();
  let load = pending.get(locale);
  if (!load) {
    load = LOADERS[locale]()
      .then((module) => {
        loaded.set(locale, module.default);
        for (const listener of listeners) listener();
      })
      .catch(() => undefined)
      .finally(() => pending.delete(locale));
    pending.set(locale, load);
  }
  return load;
}

/** `t(code, values)` and `t.has(code)` over the `errors` catalogue, as next-intl's `useTranslations('errors')`. */
export interface ErrorsTranslator {
  (key: string, values?: Record<string, string | number | Date>): string;
  has(key: string): boolean;
}

/**
 * The `errors` catalogue in a client component, in the reader's language. It words failures, which come after the
 * page has loaded (a refused action, a field the user filled in wrong), so it is not in every page's payload (23 kB,
 * the largest part of it that was ours): the catalogue loads in its own chunk (cached across pages) as soon as a page
 * with such a component loads. Until it is there `has` answers false: a failure is told in the server's own sentence
 * (lib/errors `toFailure` falls back to it), and a code kept in state is worded when it renders (this hook renders
 * again when the catalogue arrives), so keep codes, not sentences made in an event handler. A page that shows a
 * failure in a client component as it loads (the sign-in page's) puts `errors` in its IntlScope, used at once.
 */
export function useErrorsTranslator(): ErrorsTranslator {
  const locale = useLocale() as AppLocale;
  const timeZone = useTimeZone();
  const scoped = (useMessages() as Catalogue).errors as Catalogue | undefined;
  const fetched = useSyncExternalStore(
    subscribe,
    () => loadedErrorsCatalogue(locale),
    () => undefined,
  );
  useEffect(() => {
    if (!scoped) void loadErrorsCatalogue(locale);
  }, [scoped, locale]);
  const catalogue = scoped ?? fetched;
  return useMemo(() => errorsTranslatorOf(catalogue, locale, timeZone), [catalogue, locale, timeZone]);
}

/** A translator over `catalogue`; without one (not loaded yet) it knows no code and says a code as it is. */
export function errorsTranslatorOf(catalogue: Catalogue | undefined, locale: AppLocale, timeZone: string | undefined): ErrorsTranslator {
  if (!catalogue) return Object.assign((key: string) => key, { has: () => false });
  const t = createTranslator({ locale, timeZone, messages: { errors: catalogue }, namespace: 'errors' });
  return Object.assign((key: string, values?: Record<string, string | number | Date>) => t(key as never, values as never), {
    has: (key: string) => t.has(key as never),
  });
}
