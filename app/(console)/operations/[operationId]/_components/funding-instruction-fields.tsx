import { useTranslations } from 'next-intl';
import { useFundingWords } from '@/components/money/use-funding-words';
import { CopyButton } from '@/components/ui/copy-button';
import { fundingFields, type FundingInstructionLike } from '@/lib/domain/accounts/funding-fields';

/** A deposit's funding instruction (how to pay in): its rail and each field with a copy button. */
export function FundingInstructionFields({ instruction }: { instruction: FundingInstructionLike }) {
  const words = useFundingWords();
  const d = useTranslations('operations.detail');
  return (
    <div>
      <p className="font-medium">{words.rail(instruction.rail)}</p>
      <dl className="mt-2 space-y-2">
        {fundingFields(instruction).map((field) => (
          <div key={field.key}>
            <dt className="text-xs text-fg-muted">{words.label(field)}</dt>
            <dd className="flex items-start justify-between gap-3">
              <span className="min-w-0 font-mono text-xs break-all" data-field={field.key} data-value={field.value}>
                {words.value(field)}
              </span>
              <CopyButton value={words.value(field)} iconOnly variant="ghost" srLabel={d('copyField', { field: words.label(field) })} />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
