import { reasonWording } from '@/lib/domain/operations/reason';

/** What a next-intl translator scoped to `operations.reasons` offers (server's getTranslations or useTranslations). */
type ReasonTranslator = (key: string, values?: Record<string, string>) => string;

export interface ReasonSentence {
  sentence: string;
  /** The service's code to show beside it (null for a plain-string reason). */
  code: string | null;
  /** The service's own text when the sentence is the catalogue's (shown as a detail); null otherwise. */
  detail: string | null;
}

/**
 * A state's reason as one sentence in the reader's language: the catalogue's for the codes the console words
 * (the service's English kept as `detail`), else the service's own text marked as the service's
 * (`The service says: "…"`). Null when the state has no reason.
 */
export function reasonSentence(t: ReasonTranslator, reason: unknown): ReasonSentence | null {
  const wording = reasonWording(reason);
  if (!wording) return null;
  switch (wording.kind) {
    case 'catalogue':
      return { sentence: t(wording.code), code: wording.code, detail: wording.message };
    case 'service':
      return { sentence: t('service', { message: wording.message }), code: wording.code, detail: null };
    case 'code':
      return { sentence: t('code', { code: wording.code }), code: null, detail: null };
  }
}
