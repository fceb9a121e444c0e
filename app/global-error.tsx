'use client';

import { ErrorView } from '@/components/shell/error-view';
import './globals.css';

// Replaces the root layout when it fails, so it brings its own <html>.
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en" className="theme-system">
      <body>
        <main id="main" className="min-h-dvh px-4">
          <ErrorView digest={error.digest} retry={reset} />
        </main>
      </body>
    </html>
  );
}
