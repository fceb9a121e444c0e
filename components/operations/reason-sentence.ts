import { reasonWording } from '@/lib/domain/operations/reason';

/** What a next-intl translator scoped to `operations.reasons` offers (server's getTranslations or useTranslations). */
type ReasonTranslator = (key: string, values?: Record<string, string>) => string;

/**
 * A state's reason as one sentence in the reader's language: the catalogue's for the codes the console words,
 * else the service's own text marked as the service's (`The service says: "…"`). `code` is the service's code to
 * show beside it (null for a plain-string reason). Null when the state has no reason.
 */
export function reasonSentence(t: ReasonTranslator, reason: unknown): { sentence: string; code: string | null } | null {
  const wording = reasonWording(reason);
  if (!wording) return null;
  switch (wording.kind) {
    case 'catalogue':
      return { sentence: t(wording.code), code: wording.code };
    case 'service':
      return { sentence: t('service', { message: wording.message }), code: wording.code };
    case 'code':
      return { sentence: t('code', { code: wording.code }), code: null };
  }
}
