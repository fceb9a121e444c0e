import { NotFoundView } from '@/components/shell/not-found-view';

export default function BeneficiaryNotFound() {
  return <NotFoundView namespace="beneficiaries.detail.notFound" backHref="/beneficiaries" />;
}
