import { getTranslations } from 'next-intl/server';

export const BRAND_LINK_CLASS =
  'flex items-center gap-2.5 rounded-md text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** The console's mark and name. */
export async function BrandMark() {
  const t = await getTranslations('shell.brand');
  return (
    <>
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
    </>
  );
}

/**
 * The brand as a plain link home, for the sign-in pages: every way out of them is a full load that reads the session
 * anew, so "/" is not prefetched while signed out, and those pages carry no client router code for it (next/link is
 * imported by ./brand.tsx, not here).
 */
export function PlainBrand() {
  return (
    // eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load on purpose (see above)
    <a href="/" className={BRAND_LINK_CLASS}>
      <BrandMark />
    </a>
  );
}
