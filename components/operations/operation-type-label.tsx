import { useOperationTypeLabel } from './use-operation-type-label';

/** An operation type in the reader's words, as an element (for async server components, which cannot call hooks). */
export function OperationTypeLabel({ type }: { type: string }) {
  return <>{useOperationTypeLabel()(type)}</>;
}
