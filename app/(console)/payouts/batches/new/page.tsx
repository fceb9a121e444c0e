import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { ServiceErrorAlert } from '@/components/forms/service-error-alert';
import { IntlScope } from '@/components/i18n/intl-scope';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { listAccounts } from '@/lib/api/accounts';
import { requirePage } from '@/lib/auth/session';
import { ownerName } from '@/lib/domain/accounts/owner';
import type { BatchAccountOption } from './_components/batch-upload-form';
import { LazyBatchUploadForm } from './_components/lazy-batch-upload-form';
import { TemplateDownloads } from './_components/template-downloads';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('payoutBatches.new'))('metaTitle') };
}

export default async function NewBatchPage() {
  await requirePage('/payouts/batches/new');
  const t = await getTranslations('payoutBatches.new');
  const header = (
    <PageHeader
      breadcrumb={
        <Link href="/payouts/batches" className="hover:text-fg hover:underline">
          ← {t('breadcrumb')}
        </Link>
      }
      title={t('title')}
      description={t('description')}
    />
  );
  let accounts: BatchAccountOption[];
  try {
    const page = await listAccounts({ limit: 100 });
    accounts = page.data.filter((a) => a.currentState.status === 'ACTIVE').map((a) => ({ id: a.id, name: ownerName(a.owner) }));
  } catch (error) {
    return (
      <>
        {header}
        <ServiceErrorAlert error={error} title={t('loadFailed')} />
      </>
    );
  }
  return (
    <>
      {header}
      <div className="max-w-5xl">
        {accounts.length === 0 ? (
          <EmptyState title={t('noAccounts')} />
        ) : (
          <IntlScope namespaces={['payoutBatches']}>
            <div className="space-y-6">
              {/* With the first paint: the form below loads after it, and this card's text is the page's largest
                  (when the form drew it, the largest paint came ~0.5 s after the first: Lighthouse 87–88). */}
              <Card>
                <CardHeader title={t('templateTitle')} description={t('templateBody')} />
                <CardBody className="flex flex-wrap gap-2">
                  <TemplateDownloads />
                </CardBody>
              </Card>
              <LazyBatchUploadForm accounts={accounts} />
            </div>
          </IntlScope>
        )}
      </div>
    </>
  );
}
