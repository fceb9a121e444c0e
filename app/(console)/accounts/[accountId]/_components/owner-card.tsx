import { useLocale, useTranslations } from 'next-intl';
import { useEnumLabel } from '@/components/i18n/use-enum-label';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { DateText } from '@/components/data-table/date-text';
import type { AccountOwner } from '@/lib/api/schemas/account';
import type { Address } from '@/lib/api/schemas/common';
import { countryName } from '@/lib/domain/address/countries';
import { formatTaxId } from '@/lib/validation/tax-id-format';
import { ownerName, ownerTaxId } from '@/lib/domain/accounts/owner';

function AddressLines({ address }: { address: Address }) {
  const locale = useLocale();
  const cityLine = [address.city, address.state, address.postalCode].filter(Boolean).join(', ');
  return (
    <address className="text-sm not-italic text-fg">
      <span className="block">{address.addressLine1}</span>
      {address.addressLine2 ? <span className="block">{address.addressLine2}</span> : null}
      <span className="block">{cityLine}</span>
      <span className="block">{countryName(address.country, locale)}</span>
    </address>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_minmax(0,1fr)]">
      <dt className="text-sm text-fg-muted">{label}</dt>
      <dd className="min-w-0 text-sm text-fg [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** The company that owns the account: legal name, CNPJ, industry and registered address. */
export function OwnerCard({ owner }: { owner: AccountOwner }) {
  const industryLabel = useEnumLabel('industries');
  const t = useTranslations('accounts.detail.owner');
  const taxId = ownerTaxId(owner);
  const industry = (owner as { industry?: unknown }).industry;
  const incorporateDate = (owner as { incorporateDate?: unknown }).incorporateDate;
  const address = (owner as { address?: Address | null }).address;
  return (
    <Card>
      <CardHeader title={t('title')} description={owner.type === 'COMPANY' ? t('company') : String(owner.type)} />
      <CardBody>
        <dl className="space-y-3">
          <Row label={t('legalName')}>{ownerName(owner)}</Row>
          {taxId ? (
            <Row label={taxId.type || t('taxId')}>
              <span className="font-mono">{formatTaxId(taxId.value, taxId.type)}</span>
            </Row>
          ) : null}
          {typeof industry === 'string' ? <Row label={t('industry')}>{industryLabel(industry)}</Row> : null}
          {typeof incorporateDate === 'string' && incorporateDate ? (
            <Row label={t('incorporated')}>
              <DateText value={incorporateDate} dateOnly />
            </Row>
          ) : null}
          {address ? (
            <Row label={t('address')}>
              <AddressLines address={address} />
            </Row>
          ) : null}
        </dl>
      </CardBody>
    </Card>
  );
}
