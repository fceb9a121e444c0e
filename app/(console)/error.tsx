'use client';

import { ErrorView } from '@/components/shell/error-view';

// A page inside the console failed: the shell stays, the user gets a sentence and a retry. Never a stack trace.
export default function ConsoleError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <ErrorView digest={error.digest} retry={reset} />;
}
