'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { batchTemplate } from '@/lib/domain/payout-batches/csv-template';
import { downloadCsv } from './download-csv';

/** The template's two downloads (its card is drawn by the page, on the server, with the first paint). */
export function TemplateDownloads() {
  const t = useTranslations('payoutBatches.new');
  return (
    <>
      <Button type="button" variant="secondary" size="sm" onClick={() => downloadCsv(batchTemplate('en'), 'payout-batch-template.csv')}>
        {t('templateEn')}
      </Button>
      <Button type="button" variant="secondary" size="sm" onClick={() => downloadCsv(batchTemplate('pt-BR'), 'modelo-pagamentos-em-lote.csv')}>
        {t('templatePt')}
      </Button>
    </>
  );
}
