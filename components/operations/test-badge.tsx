import { useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { isTestOperation } from '@/lib/domain/webhooks/test-events';

/** "Test" on an operation the sandbox's "Send test events" made (its test tag), so it is not read as real traffic. */
export function TestOperationBadge({ op }: { op: { tags?: ReadonlyArray<{ key: string | null; value: string }> | null } }) {
  const t = useTranslations('operations.test');
  if (!isTestOperation(op)) return null;
  return (
    <Badge tone="neutral" title={t('title')} data-test-operation="">
      {t('badge')}
      <span className="sr-only">{` (${t('title')})`}</span>
    </Badge>
  );
}
