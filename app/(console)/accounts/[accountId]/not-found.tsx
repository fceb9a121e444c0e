import Link from 'next/link';
import { buttonVariants } from '@/components/ui/button-variants';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export default function AccountNotFound() {
  return (
    <>
      <PageHeader title="Account not found" />
      <EmptyState
        title="There is no account with this id"
        description="It may have been mistyped, or it belongs to another company. Check the link or find the account in the list."
        action={
          <Link href="/accounts" className={buttonVariants({ variant: 'secondary' })}>
            Back to accounts
          </Link>
        }
      />
    </>
  );
}
