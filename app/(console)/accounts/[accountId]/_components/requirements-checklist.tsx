import { Badge, type BadgeTone } from '@/components/ui/badge';
import {
  BUCKETS,
  BUCKET_DESCRIPTIONS,
  BUCKET_LABELS,
  bucketCounts,
  groupByHolder,
  metadataStillNeeded,
  requirementTitle,
  type Bucket,
  type RequirementItem,
  type Requirements,
  type UboRef,
} from '@/lib/domain/accounts/requirements';

const BUCKET_TONES: Record<Bucket, BadgeTone> = {
  currentlyDue: 'warning',
  pendingVerification: 'info',
  errors: 'danger',
  satisfied: 'success',
};

function ItemLine({
  item,
  holderName,
  bucket,
  showBucket = false,
}: {
  item: RequirementItem;
  holderName?: string;
  bucket: Bucket;
  showBucket?: boolean;
}) {
  const needed = metadataStillNeeded(item, bucket);
  return (
    <li className="rounded-md border border-border px-3 py-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium text-fg">{requirementTitle(item)}</span>
        {showBucket ? (
          <Badge tone={BUCKET_TONES[bucket]} data-bucket={bucket}>
            {BUCKET_LABELS[bucket]}
          </Badge>
        ) : null}
        {holderName ? <span className="text-xs text-fg-muted">for {holderName}</span> : null}
      </div>
      {needed.length ? <p className="mt-1 text-xs text-fg-muted">Needs: {needed.join(', ')}</p> : null}
      {item.reason && (item.reason.message || item.reason.code) ? (
        <p className="mt-1 text-sm text-danger-text">
          {item.reason.message ?? item.reason.code}
          {item.reason.code && item.reason.message ? (
            <span className="ml-1 font-mono text-xs">({item.reason.code})</span>
          ) : null}
        </p>
      ) : null}
    </li>
  );
}

/**
 * The KYB checklist, read-only: by bucket (currently due, pending verification, errors, satisfied) and by
 * holder (the account, then each UBO by name).
 */
export function RequirementsChecklist({ requirements, ubos }: { requirements: Requirements; ubos: UboRef[] }) {
  const counts = bucketCounts(requirements);
  const uboNames = new Map(ubos.map((u) => [u.id, u.name]));
  const holders = groupByHolder(requirements, ubos);
  const total = BUCKETS.reduce((n, b) => n + counts[b], 0);
  if (total === 0) return <p className="text-sm text-fg-muted">The service lists no requirements for this account.</p>;

  return (
    <div className="space-y-6">
      <section aria-labelledby="req-by-bucket">
        <h3 id="req-by-bucket" className="mb-3 text-sm font-semibold text-fg">
          By status
        </h3>
        <div className="grid gap-4 lg:grid-cols-2">
          {BUCKETS.map((bucket) => {
            const items = requirements[bucket] ?? [];
            return (
              <section
                key={bucket}
                aria-labelledby={`bucket-${bucket}`}
                data-testid={`bucket-${bucket}`}
                className="rounded-lg border border-border p-3"
              >
                <div className="mb-2 flex items-center justify-between gap-2">
                  <h4 id={`bucket-${bucket}`} className="text-sm font-semibold text-fg">
                    {BUCKET_LABELS[bucket]}
                  </h4>
                  <Badge tone={items.length ? BUCKET_TONES[bucket] : 'neutral'}>{items.length}</Badge>
                </div>
                <p className="mb-2 text-xs text-fg-muted">{BUCKET_DESCRIPTIONS[bucket]}</p>
                {items.length ? (
                  <ul className="space-y-2">
                    {items.map((item, i) => (
                      <ItemLine
                        key={i}
                        item={item}
                        bucket={bucket}
                        holderName={item.uboId ? (uboNames.get(item.uboId) ?? 'a beneficial owner') : undefined}
                      />
                    ))}
                  </ul>
                ) : (
                  <p className="text-sm text-fg-muted">Nothing here.</p>
                )}
              </section>
            );
          })}
        </div>
      </section>

      <section aria-labelledby="req-by-holder">
        <h3 id="req-by-holder" className="mb-3 text-sm font-semibold text-fg">
          By holder
        </h3>
        <div className="space-y-4">
          {holders.map((group) => (
            <section key={group.key} aria-labelledby={`holder-${group.key}`} data-testid={`holder-${group.key}`}>
              <h4 id={`holder-${group.key}`} className="mb-2 text-sm font-medium text-fg">
                {group.kind === 'UBO' ? `Beneficial owner: ${group.name}` : group.name}{' '}
                <span className="text-fg-muted">({group.items.length})</span>
              </h4>
              {group.items.length ? (
                <ul className="space-y-2">
                  {group.items.map(({ bucket, item }, i) => (
                    <ItemLine key={i} item={item} bucket={bucket} showBucket />
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-fg-muted">No requirements for this holder.</p>
              )}
            </section>
          ))}
        </div>
      </section>
    </div>
  );
}
