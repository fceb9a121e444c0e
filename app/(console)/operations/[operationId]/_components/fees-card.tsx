import { useLocale, useTranslations } from 'next-intl';
import { AmountText } from '@/components/money/amount-text';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import type { Fee } from '@/lib/api/schemas/operation';
import { feeTotals } from '@/lib/domain/operations/view';
import { formatFraction } from '@/lib/domain/quotes/display';
import { humanizeEnum } from '@/lib/i18n/format';

/** Each fee line (source, kind, rate, amount) and the total per asset. */
export function FeesCard({ fees }: { fees: Fee[] }) {
  const t = useTranslations('operations.detail.fees');
  const locale = useLocale();
  const label = (group: 'sources' | 'kinds', value: string) => (t.has(`${group}.${value}`) ? t(`${group}.${value}`) : humanizeEnum(value));
  let totals: ReturnType<typeof feeTotals> = [];
  try {
    totals = feeTotals(fees);
  } catch {
    totals = []; // an amount in an asset the console does not know: the lines still show
  }
  return (
    <Card>
      <CardHeader title={t('title')} />
      <CardBody className={fees.length ? 'p-0 sm:p-0' : undefined}>
        {fees.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('none')}</p>
        ) : (
          <Table label={t('label')} wrapperClassName="rounded-none border-0">
            <THead>
              <tr>
                <TH>{t('source')}</TH>
                {/* Below 640 px the amount would scroll out of view; the rate column already tells a percentage fee apart. */}
                <TH className="hidden sm:table-cell">{t('kind')}</TH>
                <TH>{t('percentage')}</TH>
                <TH className="text-right">{t('amount')}</TH>
              </tr>
            </THead>
            <TBody>
              {fees.map((fee, i) => (
                <TR key={`${fee.source}-${i}`}>
                  <TD>{label('sources', fee.source)}</TD>
                  <TD className="hidden sm:table-cell">{label('kinds', fee.type)}</TD>
                  <TD className="tabular-nums">{fee.percentage ? formatFraction(fee.percentage, locale) : '—'}</TD>
                  <TD className="text-right">
                    <AmountText amount={fee.amount} />
                  </TD>
                </TR>
              ))}
              {totals.map((total) => (
                <TR key={`total-${total.asset}`} className="font-semibold">
                  {/* Cell by cell, not a colSpan: the kind column is not there below 640 px. */}
                  <TD>{t('total')}</TD>
                  <TD className="hidden sm:table-cell" />
                  <TD />
                  <TD className="text-right">
                    <AmountText amount={total} />
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
      </CardBody>
    </Card>
  );
}
