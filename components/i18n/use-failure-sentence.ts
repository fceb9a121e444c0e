import { useTranslations } from 'next-intl';

/** What a failed action tells the browser: a code, the server's English sentence, maybe a reference to quote. */
export interface FailureLike {
  code: string;
  message: string;
  requestId?: string | null;
  correlationId?: string | null;
}

/**
 * One sentence for a failure in the reader's language: the `errors` catalogue's sentence for the code (key = the
 * code), else the server's own message, plus the reference to quote when there is one. Client components under an
 * IntlScope that includes `errors`.
 */
export function useFailureSentence(): (failure: FailureLike) => string {
  const t = useTranslations('errors');
  const common = useTranslations('common');
  return (failure) => {
    const sentence = t.has(failure.code) ? t(failure.code) : failure.message;
    const ref = failure.requestId ?? failure.correlationId;
    return ref && !sentence.includes(ref) ? common('withReference', { sentence, ref }) : sentence;
  };
}
