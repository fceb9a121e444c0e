import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { DateTimeText } from '@/components/i18n/date-time-text';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import type { Beneficiary } from '@/lib/api/schemas/beneficiary';
import { formatTaxId } from '@/lib/validation/tax-id-format';

export type HolderFacts = {
  type: string;
  tradeName?: string | null;
  taxId?: { value: string; type?: string };
  dateOfBirth?: string | null;
  address?: { addressLine1?: string; addressLine2?: string | null; city?: string; state?: string; country?: string; postalCode?: string };
};

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-fg-muted">{label}</dt>
      <dd className="mt-0.5 font-medium text-fg [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** Who the beneficiary is: kind, trade name, tax id, date of birth, address, when it was added. */
export async function HolderCard({ beneficiary: b }: { beneficiary: Beneficiary }) {
  const t = await getTranslations('beneficiaries');
  const holder = b.holder as HolderFacts;
  const address = holder.address;
  return (
    <Card className="min-w-0">
      <CardHeader title={t('detail.holder')} />
      <CardBody>
        <dl className="space-y-3 text-sm">
          <Item label={t('detail.kind')}>
            <span data-testid="holder-type">{t.has(`holderType.${holder.type}`) ? t(`holderType.${holder.type}`) : holder.type}</span>
          </Item>
          {holder.tradeName ? <Item label={t('detail.tradeName')}>{holder.tradeName}</Item> : null}
          <Item label={holder.taxId?.type && t.has(`keyType.${holder.taxId.type}`) ? t(`keyType.${holder.taxId.type}`) : t('detail.taxId')}>
            {holder.taxId ? <span className="font-mono">{formatTaxId(holder.taxId.value, holder.taxId.type)}</span> : null}
          </Item>
          {holder.dateOfBirth ? (
            <Item label={t('detail.dateOfBirth')}>
              <DateTimeText value={holder.dateOfBirth} dateOnly />
            </Item>
          ) : null}
          {address ? (
            <Item label={t('detail.address')}>
              <span className="block">{[address.addressLine1, address.addressLine2].filter(Boolean).join(', ')}</span>
              <span className="block">{[address.city, address.state, address.postalCode, address.country].filter(Boolean).join(' · ')}</span>
            </Item>
          ) : null}
          <Item label={t('detail.created')}>
            <DateTimeText value={b.createdAt} />
          </Item>
        </dl>
      </CardBody>
    </Card>
  );
}
