import { describe, expect, it } from 'vitest';
import { buildRequirementBoard, missingItemsOf, parseMissingDocumentTypes, type WireRequirementItem } from './requirement-board';

const ACCOUNT = '11111111-1111-4111-8111-111111111111';
const UBO = '22222222-2222-4222-8222-222222222222';
const GHOST = '33333333-3333-4333-8333-333333333333';

const base = { documentType: null, documentSubType: null, group: null, options: [], uboId: null, requiredMetadata: [], metadata: {}, reason: null };
const articles: WireRequirementItem = { ...base, type: 'DOCUMENT', documentType: 'ARTICLES_OF_ASSOCIATION' };
const proof: WireRequirementItem = { ...base, type: 'DOCUMENT_GROUP', options: ['PROOF_OF_ADDRESS', 'UTILITY_BILL'] };
const identity: WireRequirementItem = {
  ...base,
  type: 'DOCUMENT_GROUP',
  group: 'IDENTITY_VERIFICATION',
  options: ['PASSPORT', 'ID_CARD', 'DRIVER_LICENSE'],
  uboId: UBO,
  requiredMetadata: ['country'],
};
const uboCheck: WireRequirementItem = { ...base, type: 'UBO_VERIFICATION' };

describe('buildRequirementBoard', () => {
  it('groups by bucket and by holder: the company first, then each owner by name', () => {
    const board = buildRequirementBoard({
      accountId: ACCOUNT,
      status: 'ACTION_REQUIRED',
      requirements: { currentlyDue: [articles, proof, identity], pendingVerification: [uboCheck], errors: [], satisfied: [] },
      ubos: [{ id: UBO, name: 'Maria Silva' }],
    });
    expect(board.byBucket.currentlyDue.map((i) => i.documentTypes)).toEqual([
      ['ARTICLES_OF_ASSOCIATION'],
      ['PROOF_OF_ADDRESS', 'UTILITY_BILL'],
      ['PASSPORT', 'ID_CARD', 'DRIVER_LICENSE'],
    ]);
    expect(board.byHolder.map((g) => [g.holder.type, g.holder.name, g.items.length])).toEqual([
      ['ACCOUNT', null, 3],
      ['UBO', 'Maria Silva', 1],
    ]);
    const id = board.byBucket.currentlyDue[2];
    expect(id).toMatchObject({ kind: 'DOCUMENT_GROUP', group: 'IDENTITY_VERIFICATION', requiredMetadata: ['country'], uploadable: true });
    expect(id.holder).toEqual({ type: 'UBO', referenceId: UBO, name: 'Maria Silva' });
    expect(board.byBucket.pendingVerification[0]).toMatchObject({ kind: 'UBO_VERIFICATION', uploadable: false });
    expect(board.review).toMatchObject({ canSubmit: false, block: 'ITEMS_DUE' });
  });

  it('lists items of an owner the account does not list under that owner id', () => {
    const board = buildRequirementBoard({ accountId: ACCOUNT, status: 'ACTION_REQUIRED', requirements: { currentlyDue: [{ ...identity, uboId: GHOST }] }, ubos: [] });
    expect(board.byHolder[1].holder).toEqual({ type: 'UBO', referenceId: GHOST, name: null });
  });

  it('shows the half-sent two-sided document and the side still due', () => {
    const half = { ...identity, documentType: 'ID_CARD', documentSubType: 'BACK_SIDE', metadata: { documentType: 'ID_CARD', frontSideDocumentId: 'x' } };
    const [item] = buildRequirementBoard({ accountId: ACCOUNT, status: 'ACTION_REQUIRED', requirements: { currentlyDue: [half] }, ubos: [] }).items;
    expect(item).toMatchObject({ startedDocumentType: 'ID_CARD', dueSide: 'BACK_SIDE', answeredBy: null, uploadable: true });
  });

  it('says what satisfied an item, without the service’s bookkeeping keys', () => {
    const done = { ...identity, metadata: { country: 'BR', documentId: 'd1', documentType: 'PASSPORT' } };
    const board = buildRequirementBoard({ accountId: ACCOUNT, status: 'ACTIVE', requirements: { satisfied: [done, { ...articles, metadata: {} }] }, ubos: [] });
    expect(board.byBucket.satisfied[0].answeredBy).toEqual({ documentType: 'PASSPORT', metadata: { country: 'BR' } });
    expect(board.byBucket.satisfied[1].answeredBy).toEqual({ documentType: 'ARTICLES_OF_ASSOCIATION', metadata: {} });
    expect(board.review).toEqual({ canSubmit: false, block: 'NOT_ACTION_REQUIRED', items: [] });
  });

  it('keeps the rejection reason and blocks the review while anything is in errors', () => {
    const rejected = { ...articles, reason: { code: 'DOCUMENT_REJECTED', message: 'Illegible', details: {} }, metadata: { documentType: 'ARTICLES_OF_ASSOCIATION' } };
    const board = buildRequirementBoard({ accountId: ACCOUNT, status: 'ACTION_REQUIRED', requirements: { errors: [rejected], currentlyDue: [proof] }, ubos: [] });
    expect(board.byBucket.errors[0]).toMatchObject({ reason: { code: 'DOCUMENT_REJECTED', message: 'Illegible' }, uploadable: true, answeredBy: null });
    expect(board.review).toMatchObject({ canSubmit: false, block: 'ITEMS_IN_ERRORS', items: [board.byBucket.errors[0]] });
  });

  it('allows the review when nothing is due or in errors, and no uploads once the account left ACTION_REQUIRED', () => {
    const ready = buildRequirementBoard({ accountId: ACCOUNT, status: 'ACTION_REQUIRED', requirements: { pendingVerification: [articles, uboCheck] }, ubos: [] });
    expect(ready.review).toEqual({ canSubmit: true });
    const reviewing = buildRequirementBoard({ accountId: ACCOUNT, status: 'REVIEWING', requirements: { currentlyDue: [articles] }, ubos: [] });
    expect(reviewing.items[0].uploadable).toBe(false);
  });

  it('tolerates missing buckets and fields', () => {
    const board = buildRequirementBoard({ accountId: ACCOUNT, status: 'ACTION_REQUIRED', requirements: null, ubos: [] });
    expect(board.items).toEqual([]);
    expect(board.review).toEqual({ canSubmit: true });
    const odd = buildRequirementBoard({ accountId: ACCOUNT, status: 'ACTION_REQUIRED', requirements: { currentlyDue: [{ type: 'SOMETHING_NEW' }] }, ubos: [] });
    expect(odd.items[0]).toMatchObject({ kind: 'OTHER', uploadable: false, documentTypes: [] });
  });
});

describe('parseMissingDocumentTypes', () => {
  it('splits groups into their options', () => {
    expect(parseMissingDocumentTypes({ missingDocumentTypes: ['INCORPORATION_CERT', 'PROOF_OF_ADDRESS|UTILITY_BILL', 'UBO_VERIFICATION'] })).toEqual([
      ['INCORPORATION_CERT'],
      ['PROOF_OF_ADDRESS', 'UTILITY_BILL'],
      ['UBO_VERIFICATION'],
    ]);
    expect(parseMissingDocumentTypes(null)).toEqual([]);
    expect(parseMissingDocumentTypes({ missingDocumentTypes: [1, '', 'X'] })).toEqual([['X']]);
  });
});

describe('missing items in a failure’s details', () => {
  it('reads the groups and single types as sent (through JSON), and nothing from a malformed failure', () => {
    const items = parseMissingDocumentTypes({ missingDocumentTypes: ['PROOF_OF_ADDRESS|UTILITY_BILL', 'UBO_VERIFICATION'] });
    const wire = JSON.parse(JSON.stringify({ details: { missingItems: items } })) as { details: Record<string, unknown> };
    expect(missingItemsOf(wire)).toEqual([['PROOF_OF_ADDRESS', 'UTILITY_BILL'], ['UBO_VERIFICATION']]);
    expect(missingItemsOf({})).toEqual([]);
    expect(missingItemsOf({ details: { missingItems: 'A|B' } })).toEqual([]);
    expect(missingItemsOf({ details: { missingItems: [[1, 'X'], []] } })).toEqual([['X']]);
  });
});
