/**
 * The onboarding requirement board: the account's requirement items (contract: Account.requirements) reshaped
 * for people — each item with its holder (the company or one beneficial owner), the document types that answer
 * it, the side still missing of a two-sided document, the metadata to ask for, the rejection reason and what
 * satisfied it — grouped by bucket and by holder, plus whether the account can be submitted for review.
 * Pure: the words come from the message catalogue (namespace `onboarding`) by the codes kept here.
 */

export const BOARD_BUCKETS = ['currentlyDue', 'errors', 'pendingVerification', 'satisfied'] as const;
export type BoardBucket = (typeof BOARD_BUCKETS)[number];

/** Two-sided documents: each side is one upload (`documentSubType`), lib/sandbox/README.md "Documents". */
export const SIDED_DOCUMENT_TYPES: readonly string[] = ['ID_CARD', 'DRIVER_LICENSE'];
export const DOCUMENT_SIDES = ['FRONT_SIDE', 'BACK_SIDE'] as const;
export type DocumentSide = (typeof DOCUMENT_SIDES)[number];

export function isSidedDocument(documentType: string | null | undefined): boolean {
  return !!documentType && SIDED_DOCUMENT_TYPES.includes(documentType);
}

export interface WireReason {
  code?: string | null;
  message?: string | null;
  details?: Record<string, unknown> | null;
}

/** A requirement item as the service sends it (every field tolerated missing). */
export interface WireRequirementItem {
  type?: string | null;
  documentType?: string | null;
  documentSubType?: string | null;
  group?: string | null;
  options?: readonly string[] | null;
  uboId?: string | null;
  requiredMetadata?: readonly string[] | null;
  metadata?: Record<string, string> | null;
  reason?: WireReason | null;
}

export type WireRequirements = Partial<Record<BoardBucket, readonly WireRequirementItem[] | null>>;

export interface BoardUbo {
  id: string;
  name: string;
}

export type ItemKind = 'DOCUMENT' | 'DOCUMENT_GROUP' | 'UBO_VERIFICATION' | 'OTHER';

export interface BoardHolder {
  type: 'ACCOUNT' | 'UBO';
  /** The account id or the UBO id: `holder.referenceId` of an upload. */
  referenceId: string;
  /** The UBO's name (null for the account, or a UBO the account does not list). */
  name: string | null;
}

export interface BoardItem {
  /** Stable across renders and refreshes while the item stays in its bucket. */
  key: string;
  bucket: BoardBucket;
  kind: ItemKind;
  holder: BoardHolder;
  group: string | null;
  /** What may be sent for it: the one type of a DOCUMENT, the options of a group. */
  documentTypes: string[];
  /** Set when the service names the side it is waiting for (a two-sided document half sent). */
  dueSide: DocumentSide | null;
  /** The document type already half sent (its other side is due), so the form keeps that choice. */
  startedDocumentType: string | null;
  requiredMetadata: string[];
  reason: { code: string; message: string | null } | null;
  /** For pending and satisfied items: the document the service recorded against it. */
  answeredBy: { documentType: string; metadata: Record<string, string> } | null;
  /** Someone with `accounts:documents` can upload for it now. */
  uploadable: boolean;
}

export interface HolderGroup {
  holder: BoardHolder;
  items: BoardItem[];
}

export type ReviewBlock = 'ITEMS_DUE' | 'ITEMS_IN_ERRORS' | 'NOT_ACTION_REQUIRED';

export interface RequirementBoard {
  items: BoardItem[];
  byBucket: Record<BoardBucket, BoardItem[]>;
  byHolder: HolderGroup[];
  review: { canSubmit: true } | { canSubmit: false; block: ReviewBlock; items: BoardItem[] };
}

// Keys of the item's `metadata` that are bookkeeping of the service, not facts for people.
const INTERNAL_METADATA = /documentid$|^documenttype$/i;

function kindOf(item: WireRequirementItem): ItemKind {
  if (item.type === 'UBO_VERIFICATION') return 'UBO_VERIFICATION';
  if (item.type === 'DOCUMENT_GROUP' || (!item.documentType && item.options?.length)) return 'DOCUMENT_GROUP';
  if (item.type === 'DOCUMENT' || item.documentType) return 'DOCUMENT';
  return 'OTHER';
}

function documentTypesOf(item: WireRequirementItem, kind: ItemKind): string[] {
  if (kind === 'DOCUMENT_GROUP') return [...(item.options ?? [])];
  if (kind === 'DOCUMENT' && item.documentType) return [item.documentType];
  return [];
}

function asSide(value: string | null | undefined): DocumentSide | null {
  return (DOCUMENT_SIDES as readonly string[]).includes(value ?? '') ? (value as DocumentSide) : null;
}

function toBoardItem(item: WireRequirementItem, bucket: BoardBucket, index: number, accountId: string, ubos: Map<string, string>): BoardItem {
  const kind = kindOf(item);
  const documentTypes = documentTypesOf(item, kind);
  const holder: BoardHolder = item.uboId
    ? { type: 'UBO', referenceId: item.uboId, name: ubos.get(item.uboId) ?? null }
    : { type: 'ACCOUNT', referenceId: accountId, name: null };
  const open = bucket === 'currentlyDue' || bucket === 'errors';
  // A group item that names a document type and a side while still open is a two-sided document half sent.
  const startedDocumentType = open && kind === 'DOCUMENT_GROUP' && isSidedDocument(item.documentType) ? item.documentType! : null;
  const dueSide = open && (startedDocumentType || isSidedDocument(item.documentType)) ? asSide(item.documentSubType) : null;
  const metadata = Object.fromEntries(Object.entries(item.metadata ?? {}).filter(([k]) => !INTERNAL_METADATA.test(k)));
  const answeredType = item.metadata?.documentType ?? (kind === 'DOCUMENT' ? item.documentType : null);
  const answeredBy = !open && answeredType ? { documentType: answeredType, metadata } : null;
  const reasonCode = item.reason?.code ?? null;
  return {
    key: `${bucket}:${holder.referenceId}:${item.group ?? ''}:${documentTypes.join('|') || kind}:${index}`,
    bucket,
    kind,
    holder,
    group: item.group ?? null,
    documentTypes,
    dueSide,
    startedDocumentType,
    requiredMetadata: [...(item.requiredMetadata ?? [])],
    reason: reasonCode || item.reason?.message ? { code: reasonCode ?? 'UNKNOWN', message: item.reason?.message ?? null } : null,
    answeredBy,
    uploadable: open && (kind === 'DOCUMENT' || kind === 'DOCUMENT_GROUP') && documentTypes.length > 0,
  };
}

/** Builds the board. `status` is the account's current status: only ACTION_REQUIRED accounts take a review. */
export function buildRequirementBoard(input: {
  accountId: string;
  status: string;
  requirements: WireRequirements | null | undefined;
  ubos: readonly BoardUbo[];
}): RequirementBoard {
  const names = new Map(input.ubos.map((u) => [u.id, u.name]));
  const items: BoardItem[] = [];
  for (const bucket of BOARD_BUCKETS) {
    (input.requirements?.[bucket] ?? []).forEach((item, i) => items.push(toBoardItem(item, bucket, i, input.accountId, names)));
  }
  if (input.status !== 'ACTION_REQUIRED') {
    for (const item of items) item.uploadable = false;
  }
  const byBucket = Object.fromEntries(BOARD_BUCKETS.map((b) => [b, items.filter((i) => i.bucket === b)])) as Record<BoardBucket, BoardItem[]>;

  // The company first, then each owner in the account's order, then owners the account does not list.
  const groups = new Map<string, HolderGroup>();
  groups.set(input.accountId, { holder: { type: 'ACCOUNT', referenceId: input.accountId, name: null }, items: [] });
  for (const u of input.ubos) groups.set(u.id, { holder: { type: 'UBO', referenceId: u.id, name: u.name }, items: [] });
  for (const item of items) {
    let g = groups.get(item.holder.referenceId);
    if (!g) {
      g = { holder: item.holder, items: [] };
      groups.set(item.holder.referenceId, g);
    }
    g.items.push(item);
  }

  let review: RequirementBoard['review'];
  if (input.status !== 'ACTION_REQUIRED') review = { canSubmit: false, block: 'NOT_ACTION_REQUIRED', items: [] };
  else if (byBucket.errors.length) review = { canSubmit: false, block: 'ITEMS_IN_ERRORS', items: byBucket.errors };
  else if (byBucket.currentlyDue.length) review = { canSubmit: false, block: 'ITEMS_DUE', items: byBucket.currentlyDue };
  else review = { canSubmit: true };

  return { items, byBucket, byHolder: [...groups.values()], review };
}

/**
 * `MISSING_DOCUMENTS_FOR_REVIEW.details.missingDocumentTypes` → one entry per missing item, each the list of
 * document types that would answer it (`"PROOF_OF_ADDRESS|UTILITY_BILL"` is one item with two options;
 * `UBO_VERIFICATION` means no beneficial owner yet).
 */
export function parseMissingDocumentTypes(details: unknown): string[][] {
  const list = details && typeof details === 'object' ? (details as { missingDocumentTypes?: unknown }).missingDocumentTypes : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter((v): v is string => typeof v === 'string' && v.length > 0).map((v) => v.split('|').filter(Boolean));
}

/**
 * The missing items of a refused review submission (`MISSING_DOCUMENTS_FOR_REVIEW`), from the failure's details:
 * each item the document types that would answer it. Anything malformed is left out.
 */
export function missingItemsOf(failure: { details?: Record<string, unknown> }): string[][] {
  const items = failure.details?.missingItems;
  if (!Array.isArray(items)) return [];
  return items
    .map((types) => (Array.isArray(types) ? types.filter((t): t is string => typeof t === 'string' && t.length > 0) : []))
    .filter((types) => types.length > 0);
}
