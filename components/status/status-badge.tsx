import { Badge } from '@/components/ui/badge';
import { statusTone } from './status-tone';
import { useStatusLabel } from './use-status-label';

/**
 * A status pill for any service status. The visible text is the reader's label; the raw value is kept in
 * `data-status` (and the title) so tests and support can match the contract's value exactly.
 */
export function StatusBadge({ status, prefix, className }: { status: string; prefix?: string; className?: string }) {
  const label = useStatusLabel();
  return (
    <Badge tone={statusTone(status)} dot data-status={status} title={status} className={className}>
      {prefix ? <span className="font-semibold">{prefix}</span> : null}
      {label(status)}
    </Badge>
  );
}
