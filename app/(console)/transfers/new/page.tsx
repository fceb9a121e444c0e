import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { amountText } from '@/components/money/amount-text';
import { IntlScope } from '@/components/i18n/intl-scope';
import { PageHeader } from '@/components/ui/page-header';
import { loadOwnAccounts } from '@/lib/api/own-accounts';
import { requirePage } from '@/lib/auth/session';
import { humanizeEnum } from '@/lib/i18n/format';
import { TransferForm } from './_components/transfer-form';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('transfers'))('title') };
}

export default async function NewTransferPage() {
  await requirePage('/transfers/new');
  const t = await getTranslations('transfers');
  // Every account, not only the active ones: the form says why an inactive one cannot receive, with the status worded
  // here (the catalogue's word, else the value humanised) so the browser needs no enum wording of its own.
  const status = await getTranslations('status');
  // Each balance is worded here too: formatting it in the browser while the form hydrates was the page's first use of
  // Intl there, whose one-off set-up then ran inside a load-time task.
  const locale = await getLocale();
  const accounts = (await loadOwnAccounts()).map((a) => ({
    ...a,
    statusLabel: status.has(a.status) ? status(a.status) : humanizeEnum(a.status),
    assets: a.assets.map((x) => ({ ...x, availableText: x.available ? amountText(x.available, locale) : null })),
  }));
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <IntlScope namespaces={['transfers', 'validation']}>
        <TransferForm accounts={accounts} />
      </IntlScope>
    </>
  );
}
