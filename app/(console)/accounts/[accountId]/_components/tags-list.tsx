import { useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import type { Tag } from '@/lib/api/schemas/common';

/** System-managed labels; a tag may have no key. */
export function TagsList({ tags }: { tags: Tag[] }) {
  const t = useTranslations('accounts.detail.tags');
  if (!tags.length) return <p className="text-sm text-fg-muted">{t('empty')}</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {tags.map((tag, i) => (
        <li key={`${tag.key ?? ''}=${tag.value}-${i}`}>
          <Badge tone="neutral">
            {tag.key ? <span className="text-fg-muted">{tag.key}:</span> : null}
            {tag.value}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
