import { useTranslations } from 'next-intl';
import { CopyButton } from '@/components/ui/copy-button';
import { fundingFields, railLabel, type FundingInstructionLike } from '@/lib/domain/accounts/funding-fields';

/** A deposit's funding instruction (how to pay in): its rail and each field with a copy button. */
export function FundingInstructionFields({ instruction }: { instruction: FundingInstructionLike }) {
  const t = useTranslations('common.funding');
  const d = useTranslations('operations.detail');
  const fieldLabel = (key: string, fallback: string) => (t.has(`fields.${key}`) ? t(`fields.${key}`) : fallback);
  const rail = instruction.rail && t.has(`rails.${instruction.rail}`) ? t(`rails.${instruction.rail}`) : railLabel(instruction.rail);
  return (
    <div>
      <p className="font-medium">{rail}</p>
      <dl className="mt-2 space-y-2">
        {fundingFields(instruction).map((field) => (
          <div key={field.key}>
            <dt className="text-xs text-fg-muted">{fieldLabel(field.key, field.label)}</dt>
            <dd className="flex items-start justify-between gap-3">
              <span className="min-w-0 font-mono text-xs break-all">{field.value}</span>
              <CopyButton value={field.value} iconOnly variant="ghost" srLabel={d('copyField', { field: fieldLabel(field.key, field.label) })} />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
