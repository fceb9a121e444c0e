/**
 * The account's requirement checklist regrouped for display: by bucket (what the service returns) and by
 * holder (the account itself, then each UBO by name). Pure, so it is unit-tested without rendering.
 */

export const BUCKETS = ['currentlyDue', 'pendingVerification', 'errors', 'satisfied'] as const;
export type Bucket = (typeof BUCKETS)[number];

export const BUCKET_LABELS: Record<Bucket, string> = {
  currentlyDue: 'Currently due',
  pendingVerification: 'Pending verification',
  errors: 'Errors',
  satisfied: 'Satisfied',
};

export const BUCKET_DESCRIPTIONS: Record<Bucket, string> = {
  currentlyDue: 'Documents still to submit.',
  pendingVerification: 'Submitted and waiting for the service to verify them.',
  errors: 'Rejected: read the reason and submit again.',
  satisfied: 'Accepted.',
};

export interface RequirementReason {
  code?: string | null;
  message?: string | null;
}

export interface RequirementItem {
  type?: string | null;
  documentType?: string | null;
  documentSubType?: string | null;
  group?: string | null;
  options?: string[] | null;
  uboId?: string | null;
  requiredMetadata?: string[] | null;
  reason?: RequirementReason | null;
}

export type Requirements = Partial<Record<Bucket, RequirementItem[] | null | undefined>>;

export interface UboRef {
  id: string;
  name: string;
}

export interface HolderGroup {
  key: string;
  kind: 'ACCOUNT' | 'UBO';
  name: string;
  items: { bucket: Bucket; item: RequirementItem }[];
}

const ACRONYMS: Record<string, string> = { id: 'ID', ubo: 'UBO', aml: 'AML', pix: 'PIX', ted: 'TED', cnpj: 'CNPJ', cpf: 'CPF' };

// Abbreviated upstream names spelled out for people.
const LABELS: Record<string, string> = {
  INCORPORATION_CERT: 'Incorporation certificate',
  EVIDENCE_OF_SOURCE_OF_FUNDS: 'Evidence of source of funds',
  WOLFSBERG_QUESTIONNAIRE: 'Wolfsberg questionnaire',
};

function humanize(value: string): string {
  if (LABELS[value]) return LABELS[value];
  const words = value
    .replace(/_+/g, ' ')
    .trim()
    .toLowerCase()
    .split(' ')
    .map((w) => ACRONYMS[w] ?? w)
    .join(' ');
  return words ? words[0].toUpperCase() + words.slice(1) : value;
}

/**
 * The metadata an item still needs from the user: only while it is due or was rejected. A satisfied (or
 * submitted, pending) item keeps `requiredMetadata` in the service's answer, but nothing is needed any more.
 */
export function metadataStillNeeded(item: RequirementItem, bucket: Bucket): string[] {
  if (bucket !== 'currentlyDue' && bucket !== 'errors') return [];
  return item.requiredMetadata ?? [];
}

/** `ARTICLES_OF_ASSOCIATION` + `FRONT_SIDE` → `Articles of association (front side)`; groups list their options. */
export function requirementTitle(item: RequirementItem): string {
  if (item.type === 'DOCUMENT_GROUP' || (!item.documentType && item.options?.length)) {
    const options = (item.options ?? []).map(humanize);
    const group = item.group ? humanize(item.group) : 'Document';
    return options.length ? `${group}: one of ${options.join(', ')}` : group;
  }
  const doc = item.documentType ? humanize(item.documentType) : humanize(item.type ?? 'Requirement');
  return item.documentSubType ? `${doc} (${humanize(item.documentSubType).toLowerCase()})` : doc;
}

export function bucketCounts(requirements: Requirements | null | undefined): Record<Bucket, number> {
  return Object.fromEntries(BUCKETS.map((b) => [b, requirements?.[b]?.length ?? 0])) as Record<Bucket, number>;
}

/**
 * Groups every item under its holder: account-level items (no uboId) first, then each UBO in the order the
 * account lists them. Items naming a UBO the account does not list still show, under their id.
 */
export function groupByHolder(requirements: Requirements | null | undefined, ubos: UboRef[]): HolderGroup[] {
  const account: HolderGroup = { key: 'account', kind: 'ACCOUNT', name: 'The account (company)', items: [] };
  const byUbo = new Map<string, HolderGroup>();
  for (const ubo of ubos) byUbo.set(ubo.id, { key: `ubo-${ubo.id}`, kind: 'UBO', name: ubo.name, items: [] });
  for (const bucket of BUCKETS) {
    for (const item of requirements?.[bucket] ?? []) {
      if (!item.uboId) {
        account.items.push({ bucket, item });
        continue;
      }
      let group = byUbo.get(item.uboId);
      if (!group) {
        group = { key: `ubo-${item.uboId}`, kind: 'UBO', name: `Beneficial owner ${item.uboId}`, items: [] };
        byUbo.set(item.uboId, group);
      }
      group.items.push({ bucket, item });
    }
  }
  return [account, ...byUbo.values()];
}
