import { getLocale, getTranslations } from 'next-intl/server';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { IntlScope } from '@/components/i18n/intl-scope';
import { statementRows } from '@/components/step-up/fact-rows';
import type { StepUpProof } from '@/lib/domain/step-up/challenge';
import { parseCanonicalStatement } from '@/lib/domain/step-up/statement';
import { VerifyProofButton } from './verify-proof-button';

function asProof(value: unknown): StepUpProof | null {
  if (!value || typeof value !== 'object') return null;
  const p = value as Partial<StepUpProof>;
  return typeof p.digest === 'string' && typeof p.canonical === 'string' && (p.method === 'webauthn' || p.method === 'totp') ? (p as StepUpProof) : null;
}

/** "Signed with passkey 'name' over: …" and the Verify button, for an event whose details keep a step-up proof. */
export async function StepUpProofBlock({ eventId, details }: { eventId: string; details: Record<string, unknown> | null }) {
  const proof = asProof(details?.stepUp);
  if (!proof) return null;
  const t = await getTranslations('stepUp');
  const locale = await getLocale();
  const statement = parseCanonicalStatement(proof.canonical);
  const rows = statement ? statementRows(statement, t, locale) : [];
  return (
    <div className="space-y-2 rounded-lg border border-border bg-surface-muted/40 p-3 text-sm" data-testid="step-up-proof">
      <p className="font-medium">
        {proof.method === 'webauthn' ? t('audit.signedWithPasskey', { name: proof.credentialName ?? '—' }) : t('audit.confirmedWithCode')}
      </p>
      {statement ? (
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr]">
          {rows.map((row) => (
            <div key={row.key} className="contents">
              <dt className="text-fg-muted">{row.label}</dt>
              <dd className="min-w-0 [overflow-wrap:anywhere]">{row.value}</dd>
            </div>
          ))}
          <dt className="text-fg-muted">{t('expiresAt')}</dt>
          <dd>
            <DateTimeText value={statement.expiresAt} seconds />
          </dd>
        </dl>
      ) : (
        <pre className="text-xs whitespace-pre-wrap">{proof.canonical}</pre>
      )}
      <p className="text-xs text-fg-muted [overflow-wrap:anywhere]">
        {t('digest')} <code>{proof.digest}</code>
      </p>
      {proof.method === 'webauthn' ? (
        <IntlScope namespaces={['stepUp']}>
          <VerifyProofButton eventId={eventId} />
        </IntlScope>
      ) : null}
    </div>
  );
}
