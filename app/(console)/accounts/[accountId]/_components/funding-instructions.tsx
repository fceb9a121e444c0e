import { useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { PixQrCode } from '@/components/money/pix-qr-code';
import { useFundingWords } from '@/components/money/use-funding-words';
import { CopyButton } from '@/components/ui/copy-button';
import { fundingFields, type FundingInstructionLike } from '@/lib/domain/accounts/funding-fields';

/** How to pay into the account, one block per asset and rail, each value with its own copy button. */
export function FundingInstructions({ instructions }: { instructions: FundingInstructionLike[] }) {
  const t = useTranslations('common.funding');
  const qr = useTranslations('onboarding.funding');
  const words = useFundingWords();
  const rail = words.rail;
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {instructions.map((instruction, i) => {
        const fields = fundingFields(instruction);
        const title = `${instruction.asset ?? ''} ${rail(instruction.rail)}`.trim();
        return (
          <li key={`${instruction.asset}-${instruction.rail}-${i}`} className="rounded-lg border border-border p-4">
            <div className="mb-3 flex items-center gap-2">
              {instruction.asset ? <Badge tone="neutral">{instruction.asset}</Badge> : null}
              <h3 className="text-sm font-semibold text-fg">{rail(instruction.rail)}</h3>
            </div>
            <dl className="space-y-2">
              {fields.map((field) => (
                <div key={field.key}>
                  <dt className="text-xs text-fg-muted">{words.label(field)}</dt>
                  <dd className="flex items-start justify-between gap-3">
                    <span className="min-w-0 font-mono text-sm break-all text-fg" data-field={field.key} data-value={field.value}>
                      {words.value(field)}
                    </span>
                    <CopyButton value={words.value(field)} iconOnly srLabel={t('copyField', { field: words.label(field), title })} />
                  </dd>
                </div>
              ))}
            </dl>
            {instruction.rail === 'PIX_STATIC_QR_CODE' && typeof instruction.qrCode === 'string' ? (
              <div className="mt-3">
                <PixQrCode code={instruction.qrCode} alt={qr('qrAlt', { asset: instruction.asset ?? 'BRL' })} caption={qr('qrCaption')} />
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
