import { Alert } from '@/components/ui/alert';
import { toFailure, type Failure, type Translator } from '@/lib/errors';

/**
 * A failure on a page (a server component's caught error or an action's Failure): the sentence, with the request
 * id shown apart by the Alert; never a blank page or a stack trace.
 */
export function ServiceErrorAlert({
  error,
  title,
  className,
  t,
}: {
  error: unknown;
  title: string;
  className?: string;
  t?: Translator;
}) {
  const failure: Failure = toFailure(error, { t });
  return (
    <Alert tone="error" title={title} requestId={failure.requestId ?? null} className={className}>
      {failure.sentence}
    </Alert>
  );
}
