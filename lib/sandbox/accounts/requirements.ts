import type { Asset } from '@/lib/money/assets';
import { isFiat, type Reason, type RequirementItem, type Requirements } from './model';

/**
 * Onboarding rules (documented in lib/sandbox/README.md):
 * - any fiat asset → the company must send ARTICLES_OF_ASSOCIATION, INCORPORATION_CERT and a proof of address
 *   (a DOCUMENT_GROUP: PROOF_OF_ADDRESS or UTILITY_BILL). Crypto-only accounts need no company documents.
 * - every account needs at least one UBO: a `UBO_VERIFICATION` item is currentlyDue until the first UBO is added,
 *   then pendingVerification until the review approves it.
 * - every UBO brings an identity DOCUMENT_GROUP (group IDENTITY_VERIFICATION: PASSPORT, ID_CARD or DRIVER_LICENSE).
 */
function item(partial: Partial<RequirementItem> & Pick<RequirementItem, 'type'>): RequirementItem {
  return {
    documentType: null,
    documentSubType: null,
    group: null,
    options: [],
    uboId: null,
    requiredMetadata: [],
    metadata: {},
    reason: null,
    ...partial,
  };
}

export function initialRequirements(assets: Asset[]): Requirements {
  const due: RequirementItem[] = [];
  if (assets.some(isFiat)) {
    due.push(item({ type: 'DOCUMENT', documentType: 'ARTICLES_OF_ASSOCIATION' }));
    due.push(item({ type: 'DOCUMENT', documentType: 'INCORPORATION_CERT' }));
    due.push(item({ type: 'DOCUMENT_GROUP', options: ['PROOF_OF_ADDRESS', 'UTILITY_BILL'] }));
  }
  due.push(item({ type: 'UBO_VERIFICATION' }));
  return { currentlyDue: due, pendingVerification: [], errors: [], satisfied: [] };
}

export function withUbo(req: Requirements, uboId: string): Requirements {
  const next = clone(req);
  const idx = next.currentlyDue.findIndex((i) => i.type === 'UBO_VERIFICATION');
  if (idx !== -1) {
    const [ubo] = next.currentlyDue.splice(idx, 1);
    next.pendingVerification.push(ubo);
  }
  next.currentlyDue.push(
    item({
      type: 'DOCUMENT_GROUP',
      group: 'IDENTITY_VERIFICATION',
      options: ['PASSPORT', 'ID_CARD', 'DRIVER_LICENSE'],
      uboId,
      requiredMetadata: ['country'],
    }),
  );
  return next;
}

function matches(i: RequirementItem, uboId: string | null, documentType: string): boolean {
  return i.uboId === uboId && (i.documentType === documentType || i.options.includes(documentType));
}

/** Is `documentType` due (currentlyDue, or rejected in `errors`) for this holder? */
export function isDue(req: Requirements, uboId: string | null, documentType: string): boolean {
  return [...req.currentlyDue, ...req.errors].some((i) => i.type !== 'UBO_VERIFICATION' && matches(i, uboId, documentType));
}

const SIDED: readonly string[] = ['ID_CARD', 'DRIVER_LICENSE'];
const SIDE_KEYS = { FRONT_SIDE: 'frontSideDocumentId', BACK_SIDE: 'backSideDocumentId' } as const;

/**
 * Records an upload against the matching item. A one-sided document moves the item to pendingVerification.
 * A two-sided one (ID_CARD, DRIVER_LICENSE) needs both sides: after the first, the item stays where it is,
 * naming the document and, in `documentSubType`, the side still due; the second side moves it on.
 */
export function withUpload(
  req: Requirements,
  upload: { uboId: string | null; documentType: string; documentSubType: string | null; documentId: string; metadata: Record<string, string> },
): Requirements | null {
  const next = clone(req);
  for (const bucket of ['currentlyDue', 'errors'] as const) {
    const idx = next[bucket].findIndex((i) => i.type !== 'UBO_VERIFICATION' && matches(i, upload.uboId, upload.documentType));
    if (idx === -1) continue;
    const found = next[bucket][idx];
    const originalType = found.type === 'DOCUMENT_GROUP' ? null : found.documentType;
    const side = upload.documentSubType as keyof typeof SIDE_KEYS | null;
    if (SIDED.includes(upload.documentType) && side && SIDE_KEYS[side]) {
      // Sides already in, kept only while the same document type is being sent.
      const sides: Record<string, string> = {};
      if (found.metadata.documentType === upload.documentType) {
        for (const key of Object.values(SIDE_KEYS)) if (found.metadata[key]) sides[key] = found.metadata[key];
      }
      sides[SIDE_KEYS[side]] = upload.documentId;
      if (!(sides.frontSideDocumentId && sides.backSideDocumentId)) {
        next[bucket][idx] = {
          ...found,
          documentType: upload.documentType,
          documentSubType: sides.frontSideDocumentId ? 'BACK_SIDE' : 'FRONT_SIDE',
          metadata: { ...upload.metadata, ...sides, documentType: upload.documentType },
        };
        return next;
      }
      next[bucket].splice(idx, 1);
      next.pendingVerification.push({
        ...found,
        documentType: originalType,
        documentSubType: null,
        metadata: { ...upload.metadata, ...sides, documentId: upload.documentId, documentType: upload.documentType },
        reason: null,
      });
      return next;
    }
    next[bucket].splice(idx, 1);
    next.pendingVerification.push({
      ...found,
      documentType: originalType,
      documentSubType: upload.documentSubType ?? null,
      metadata: { ...upload.metadata, documentId: upload.documentId, documentType: upload.documentType },
      reason: null,
    });
    return next;
  }
  return null;
}

/** Every document recorded against an item (one, or both sides of a two-sided one). */
function documentIdsOf(i: RequirementItem): string[] {
  return [i.metadata.documentId, i.metadata.frontSideDocumentId, i.metadata.backSideDocumentId].filter((v): v is string => !!v);
}

/** What still blocks a review submission (422 MISSING_DOCUMENTS_FOR_REVIEW). */
export function missingForReview(req: Requirements): string[] {
  return [...req.currentlyDue, ...req.errors].map((i) =>
    i.type === 'UBO_VERIFICATION' ? 'UBO_VERIFICATION' : (i.documentType ?? i.options.join('|')),
  );
}

export const DOCUMENT_REJECTED: Reason = {
  code: 'DOCUMENT_REJECTED',
  message: 'The document could not be verified: it is illegible or does not match the holder',
  details: {},
};

/**
 * The review decision over pendingVerification: items whose document is in `rejectedDocumentIds` go to `errors`
 * with a Reason, the rest to `satisfied`.
 */
export function reviewed(req: Requirements, rejectedDocumentIds: ReadonlySet<string>): Requirements {
  const next = clone(req);
  const pending = next.pendingVerification;
  next.pendingVerification = [];
  for (const i of pending) {
    const docId = documentIdsOf(i).find((id) => rejectedDocumentIds.has(id));
    if (docId) {
      next.errors.push({ ...i, reason: { ...DOCUMENT_REJECTED, details: { documentId: docId, documentType: i.metadata.documentType } } });
    } else {
      next.satisfied.push({ ...i, reason: null });
    }
  }
  return next;
}

/** The activation helper approves everything at once. */
export function allSatisfied(req: Requirements): Requirements {
  return {
    currentlyDue: [],
    pendingVerification: [],
    errors: [],
    satisfied: [...req.satisfied, ...req.pendingVerification, ...req.currentlyDue, ...req.errors].map((i) => ({ ...i, reason: null })),
  };
}

function clone(req: Requirements): Requirements {
  return structuredClone(req);
}
