import { useTranslations } from 'next-intl';
import { Alert } from '@/components/ui/alert';
import { catalogueTranslator, toFailure, type Failure, type Translator } from '@/lib/errors';

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
  // The `errors` catalogue in the reader's language (server components, or client ones under an IntlScope).
  const errors = catalogueTranslator(useTranslations('errors'));
  const failure: Failure = toFailure(error, { t: t ?? errors });
  return (
    <Alert tone="error" title={title} requestId={failure.requestId ?? null} className={className}>
      {failure.sentence}
    </Alert>
  );
}
