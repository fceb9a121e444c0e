import { useTranslations } from 'next-intl';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import type { Operation } from '@/lib/api/schemas/operation';

/** The operation exactly as the service returned it, pretty-printed, collapsed until asked for, with a copy button. */
export function RawJson({ op, className }: { op: Operation; className?: string }) {
  const t = useTranslations('operations.detail.raw');
  const json = JSON.stringify(op, null, 2);
  return (
    <Card className={className}>
      <CardHeader title={t('title')} description={t('description')} actions={<CopyButton value={json} label={t('copy')} />} />
      <CardBody>
        <details>
          <summary className="cursor-pointer text-sm font-medium text-accent-text">{t('show')}</summary>
          <pre
            className="mt-3 max-h-[32rem] overflow-auto rounded-md bg-surface-muted p-3 font-mono text-xs leading-relaxed text-fg"
            tabIndex={0}
            aria-label={t('title')}
            data-testid="raw-json"
          >
            {json}
          </pre>
        </details>
      </CardBody>
    </Card>
  );
}
