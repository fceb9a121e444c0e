import { getTranslations } from 'next-intl/server';

export async function SkipLink({ target = '#main' }: { target?: string }) {
  const t = await getTranslations('shell');
  return (
    <a
      href={target}
      className="sr-only z-50 rounded-md bg-surface px-4 py-2 text-sm font-medium text-fg shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:outline-2 focus:outline-ring"
    >
      {t('skipToContent')}
    </a>
  );
}
