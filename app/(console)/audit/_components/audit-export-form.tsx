import { getLocale, getTimeZone, getTranslations } from 'next-intl/server';
import { CsvDialectSelect } from '@/components/forms/csv-dialect-select';
import { buttonVariants } from '@/components/ui/button-variants';
import { DEFAULT_TIME_ZONE } from '@/lib/i18n/config';

/**
 * A download, not a page: a plain GET form so the browser saves the streamed CSV, scripts or not. The filters,
 * language and zone ride along as hidden fields; the layout is chosen.
 */
export async function AuditExportForm({ query }: { query: string }) {
  const [t, locale, zone] = await Promise.all([getTranslations('audit'), getLocale(), getTimeZone()]);
  const fields = [...new URLSearchParams(query.slice(1)).entries(), ['lang', locale], ['tz', zone ?? DEFAULT_TIME_ZONE]];
  return (
    <form method="get" action="/api/audit/export" className="flex flex-wrap items-end gap-2" data-testid="audit-export">
      {fields.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <CsvDialectSelect
        id="audit-csv-dialect"
        name="dialect"
        defaultValue="standard"
        labels={{ label: t('exportFormat'), standard: t('exportStandard'), 'pt-BR': t('exportPtBR') }}
      />
      <button type="submit" className={buttonVariants({ variant: 'secondary' })}>
        {t('export')}
      </button>
    </form>
  );
}
