import { useTranslations } from 'next-intl';
import type { Failure } from '@/lib/errors';
import { useErrorsTranslator } from '@/components/i18n/use-errors-translator';

/** What the sentence needs from a failure (lib/errors `Failure`). */
export type FailureLike = Pick<Failure, 'code' | 'sentence' | 'values'> & { requestId?: string | null };

/**
 * One sentence for a failure in the reader's language: the `errors` catalogue's sentence for the code and its
 * values, else the server's own wording (a service code the catalogue does not know), plus the reference to quote when there is one. Client components under an
 * IntlScope (the catalogue itself comes through `useErrorsTranslator`).
 */
export function useFailureSentence(): (failure: FailureLike) => string {
  const t = useErrorsTranslator();
  const common = useTranslations('common');
  return (failure) => {
    const sentence = t.has(failure.code) ? t(failure.code, failure.values) : failure.sentence;
    const ref = failure.requestId;
    return ref && !sentence.includes(ref) ? common('withReference', { sentence, ref }) : sentence;
  };
}
