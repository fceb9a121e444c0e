import type { Metadata } from 'next';
import Link from 'next/link';
import { PageHeader } from '@/components/ui/page-header';
import { requirePage } from '@/lib/auth/session';
import { countryOptions } from '@/lib/domain/address/countries';
import { CreateAccountForm } from './_components/create-account-form';

export const metadata: Metadata = { title: 'New account' };

export default async function NewAccountPage() {
  await requirePage('/accounts/new');
  return (
    <>
      <PageHeader
        title="New account"
        description="Open an account for a company. It starts in Action required with the documents the service needs."
        breadcrumb={
          <Link href="/accounts" className="hover:text-fg hover:underline">
            ← Accounts
          </Link>
        }
      />
      <div className="max-w-4xl">
        <CreateAccountForm countries={countryOptions()} />
      </div>
    </>
  );
}
