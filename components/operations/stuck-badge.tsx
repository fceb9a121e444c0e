import { useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';

/** "Stuck": an operation not COMPLETED or FAILED after its type's limit (lib/domain/operations/stuck.ts). */
export function StuckBadge({ minutes }: { minutes: number }) {
  const t = useTranslations('operations.stuck');
  return (
    <Badge tone="warning" title={t('badgeTitle', { minutes })} data-stuck="">
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-3">
        <path
          fillRule="evenodd"
          clipRule="evenodd"
          d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm.75-13a.75.75 0 0 0-1.5 0v5c0 .414.336.75.75.75h4a.75.75 0 0 0 0-1.5h-3.25V5Z"
        />
      </svg>
      {t('badge')}
      <span className="sr-only">{` (${t('badgeTitle', { minutes })})`}</span>
    </Badge>
  );
}
