'use client';

import { useTranslations } from 'next-intl';
import { useState, useTransition, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useFailureSentence } from '@/components/i18n/use-failure-sentence';
import { readActionResult } from '@/lib/actions/result';
import type { SignatureCheck as CheckResult } from '@/lib/webhooks/signature-check';
import { useErrorsTranslator } from '@/components/i18n/use-errors-translator';
import { checkSignatureAction } from '../../actions';

type Fields = { messageId?: string; signature?: string };

/**
 * "Check a signature": a receiver's developer pastes the `X-Message-Id` and `X-Message-Signature` they got (and,
 * optionally, the body); the server checks them with this company's credentials and says why a check fails. The
 * scheme is explained beside it; the secret stays on the server.
 */
export function SignatureCheck({ subscriptionId, logId, messageId }: { subscriptionId: string; logId: string; messageId: string }) {
  const t = useTranslations('webhooks.signature');
  const errorsT = useErrorsTranslator();
  const sentence = useFailureSentence();
  const [id, setId] = useState(messageId);
  const [signature, setSignature] = useState('');
  const [body, setBody] = useState('');
  const [result, setResult] = useState<CheckResult | null>(null);
  const [fields, setFields] = useState<Fields>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  function submit(e: FormEvent) {
    e.preventDefault();
    // Codes, worded as they render: the errors catalogue may still be on its way (useErrorsTranslator).
    const next: Fields = {
      messageId: id.trim() ? undefined : 'MESSAGE_ID_REQUIRED',
      signature: signature.trim() ? undefined : 'SIGNATURE_REQUIRED',
    };
    setFields(next);
    if (next.messageId || next.signature) return;
    startTransition(async () => {
      const outcome = readActionResult(
        await checkSignatureAction({ subscriptionId, logId, messageId: id, signature, body: body || undefined }),
      );
      if (outcome.ok) {
        setFailure(null);
        setResult(outcome.data);
      } else {
        setResult(null);
        setFailure(sentence(outcome.failure));
      }
    });
  }

  const verdict = result
    ? result.signature === 'valid'
      ? t('valid', { clientId: result.clientId })
      : result.signature === 'malformed'
        ? t('malformed', { length: result.signatureLength })
        : t('mismatch', { clientId: result.clientId })
    : null;

  return (
    <details className="rounded-md border border-border" data-testid="signature-check">
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-accent-text">{t('open')}</summary>
      <div className="space-y-3 border-t border-border px-3 py-3">
        <p className="text-sm text-fg-muted">{t('scheme')}</p>
        <pre className="overflow-x-auto rounded bg-surface-muted p-2 text-xs" tabIndex={0} aria-label={t('formulaLabel')}>
          {t('formula')}
        </pre>
        <p className="text-sm text-fg-muted">{t('bodyNote')}</p>
        <form onSubmit={submit} noValidate className="space-y-3">
          <Field id={`sig-message-${logId}`} label={t('messageIdLabel')} error={fields.messageId && errorsT(fields.messageId)} required>
            <Input value={id} onChange={(e) => setId(e.target.value)} spellCheck={false} autoComplete="off" className="font-mono text-xs" />
          </Field>
          <Field id={`sig-signature-${logId}`} label={t('signatureLabel')} error={fields.signature && errorsT(fields.signature)} required>
            <Input value={signature} onChange={(e) => setSignature(e.target.value)} spellCheck={false} autoComplete="off" className="font-mono text-xs" />
          </Field>
          <Field id={`sig-body-${logId}`} label={t('body')} hint={t('bodyHint')}>
            <Textarea value={body} onChange={(e) => setBody(e.target.value)} rows={3} spellCheck={false} className="font-mono text-xs" />
          </Field>
          <Button type="submit" size="sm" variant="secondary" loading={pending}>
            {t('check')}
          </Button>
        </form>
        <div role="status" aria-live="polite" className="space-y-2">
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          {result && verdict ? (
            <>
              <Alert tone={result.signature === 'valid' ? 'success' : 'error'}>
                <span data-testid="signature-verdict" data-valid={String(result.signature === 'valid')}>
                  {verdict}
                </span>
              </Alert>
              {!result.sameMessage ? <p className="text-sm text-fg-muted">{t('otherMessage', { messageId })}</p> : null}
              {result.body !== 'not-given' ? (
                <p className="text-sm text-fg" data-testid="signature-body">
                  {t(`body_${result.body}`)}
                </p>
              ) : null}
            </>
          ) : null}
        </div>
      </div>
    </details>
  );
}
