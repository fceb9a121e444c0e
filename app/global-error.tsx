'use client';

import en from '@/messages/en/common.json';
import ptBR from '@/messages/pt-BR/common.json';
import { Button } from '@/components/ui/button';
import './globals.css';

// Replaces the root layout when it fails, so it brings its own <html> and has no request locale to go by: it says
// the one sentence in both languages (pt-BR first, the default), each marked with its own `lang`.
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="pt-BR" className="theme-system">
      <body>
        <main id="main" className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-6 px-4 text-center">
          {[
            { lang: 'pt-BR', m: ptBR },
            { lang: 'en', m: en },
          ].map(({ lang, m }) => (
            <section key={lang} lang={lang}>
              <h1 className="text-xl font-semibold text-fg">{m.errorPage.title}</h1>
              <p className="mt-2 text-sm text-fg-muted">{m.errorPage.body}</p>
              {error.digest ? (
                <p className="mt-2 text-xs text-fg-muted">
                  {m.errorPage.reference} <code className="font-mono select-all">{error.digest}</code>
                </p>
              ) : null}
            </section>
          ))}
          <Button onClick={reset}>{`${ptBR.tryAgain} · ${en.tryAgain}`}</Button>
        </main>
      </body>
    </html>
  );
}
