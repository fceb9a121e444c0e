import { getTranslations } from 'next-intl/server';
import { IntlScope } from '@/components/i18n/intl-scope';
import { CopyButton } from '@/components/ui/copy-button';

/** The BR Code as text, for a banking app's "PIX copy and paste". */
export async function DepositCopyPaste({ code }: { code: string }) {
  const t = await getTranslations('deposits');
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-fg" id="pix-copy-paste">
        {t('instruction.copyPaste')}
      </p>
      <div className="flex flex-wrap items-start gap-2">
        <code aria-labelledby="pix-copy-paste" className="block max-w-full min-w-0 flex-1 rounded-md bg-surface-muted p-2 text-xs break-all" data-testid="deposit-brcode">
          {code}
        </code>
        <IntlScope namespaces={[]}>
          <CopyButton value={code} srLabel={t('instruction.copyCode')} />
        </IntlScope>
      </div>
    </div>
  );
}
