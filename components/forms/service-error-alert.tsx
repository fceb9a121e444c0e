import { Alert } from '@/components/ui/alert';
import { isApiFailureLike, toUserMessage } from '@/lib/api/messages';

/** A failure (from lib/api or an action) as one sentence, without the request id (shown separately). */
export function failureSentence(error: unknown): { sentence: string; requestId: string | null } {
  if (isApiFailureLike(error)) {
    return { sentence: toUserMessage({ ...error, requestId: null }), requestId: error.requestId ?? null };
  }
  return { sentence: 'Something went wrong while talking to the payments service. Please try again.', requestId: null };
}

/** A service error on a page: a sentence and the request id, never a blank page or a stack trace. */
export function ServiceErrorAlert({ error, title, className }: { error: unknown; title: string; className?: string }) {
  const { sentence, requestId } = failureSentence(error);
  return (
    <Alert tone="error" title={title} requestId={requestId} className={className}>
      {/\.$/.test(sentence) ? sentence : `${sentence}.`}
    </Alert>
  );
}
