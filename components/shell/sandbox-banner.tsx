import { getTranslations } from 'next-intl/server';

/** Always visible while the embedded sandbox is on, so nobody mistakes simulated money for real money. */
export async function SandboxBanner() {
  const t = await getTranslations('shell.sandbox');
  return (
    <aside aria-label={t('label')} className="bg-sandbox-bg px-4 py-1.5 text-center text-xs font-medium text-sandbox-fg">
      <span className="mr-1.5 inline-block rounded bg-sandbox-fg px-1.5 py-px text-[0.65rem] font-bold tracking-wider text-sandbox-bg uppercase">
        {t('badge')}
      </span>
      {t('text')}
    </aside>
  );
}
