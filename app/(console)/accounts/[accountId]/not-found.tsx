import { NotFoundView } from '@/components/shell/not-found-view';

export default function AccountNotFound() {
  return <NotFoundView namespace="accounts.detail.notFound" backHref="/accounts" />;
}
