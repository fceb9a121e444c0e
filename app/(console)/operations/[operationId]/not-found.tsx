import { NotFoundView } from '@/components/shell/not-found-view';

export default function OperationNotFound() {
  return <NotFoundView namespace="operations.detail.notFound" backHref="/operations" />;
}
