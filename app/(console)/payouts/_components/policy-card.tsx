import { getLocale, getTranslations } from 'next-intl/server';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { IntlScope } from '@/components/i18n/intl-scope';
import { policySentences, type PolicyTranslator } from '@/components/payouts/approval-sentences';
import { PolicyInWords } from '@/components/payouts/policy-in-words';
import { Alert } from '@/components/ui/alert';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import type { PolicyEditorView } from './policy-editor';
import { PolicyEditorLauncher } from './policy-editor-launcher';

/**
 * The admin's approval policy card on /payouts. Everything read here is worded on the server, with the first paint;
 * the editor, which reads and formats amounts as they are typed, is built only when opened (PolicyEditorLauncher).
 */
export async function PolicyCard({ policy }: { policy: PolicyEditorView }) {
  const [tp, tc, locale] = await Promise.all([getTranslations('approvalPolicy'), getTranslations('controlChanges'), getLocale()]);
  return (
    <IntlScope namespaces={['approvalPolicy', 'controlChanges']}>
      <Card className="mt-8">
        <CardHeader title={tp('editor.title')} description={tp('editor.description', { currency: policy.currency })} />
        <CardBody className="space-y-6">
          {policy.waiting ? (
            <Alert tone="warning" title={tc('needsSecondAdmin')}>
              <span data-testid="policy-pending">{tc('policyPending', { who: policy.waiting.requestedByEmail })}</span>
            </Alert>
          ) : null}
          <p className="text-xs text-fg-muted" data-testid="policy-second-admin-note">
            {tc('policyNote', { hours: policy.delayHours })}
          </p>
          {!policy.saved ? <p className="text-sm text-fg-muted">{tp('editor.derived', { currency: policy.currency })}</p> : null}
          {policy.saved && policy.updatedAt ? (
            <p className="text-sm text-fg-muted" data-testid="policy-changed-by">
              {tp('editor.changedBy', { who: policy.updatedByEmail ?? '—' })} <DateTimeText value={policy.updatedAt} />
            </p>
          ) : null}
          <PolicyEditorLauncher view={policy} label={tp('editor.edit')}>
            <PolicyInWords
              title={tp('editor.summaryTitle')}
              sentences={policySentences(tp as unknown as PolicyTranslator, policy.policy, policy.currency, locale)}
            />
          </PolicyEditorLauncher>
        </CardBody>
      </Card>
    </IntlScope>
  );
}
