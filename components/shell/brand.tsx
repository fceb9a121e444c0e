import Link from 'next/link';
import { getTranslations } from 'next-intl/server';

export async function Brand() {
  const t = await getTranslations('shell.brand');
  return (
    <Link
      href="/"
      className="flex items-center gap-2.5 rounded-md text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-7 shrink-0">
        <rect width="32" height="32" rx="7" fill="var(--accent)" />
        <path
          d="M9 11h10.5a3.5 3.5 0 0 1 0 7H13m0 0 3-3m-3 3 3 3M23 21H12"
          stroke="#fff"
          strokeWidth="2.2"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="text-sm leading-tight font-semibold">
        {t('line1')}
        <span className="block text-xs font-normal text-fg-muted">{t('line2')}</span>
      </span>
    </Link>
  );
}
