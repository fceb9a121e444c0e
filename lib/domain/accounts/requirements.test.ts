import { describe, expect, it } from 'vitest';
import { bucketCounts, groupByHolder, metadataStillNeeded, requirementTitle, type Requirements } from './requirements';

const UBO_A = '11111111-1111-4111-8111-111111111111';
const UBO_B = '22222222-2222-4222-8222-222222222222';
const UNKNOWN = '33333333-3333-4333-8333-333333333333';

const requirements: Requirements = {
  currentlyDue: [
    { type: 'DOCUMENT', documentType: 'ARTICLES_OF_ASSOCIATION', uboId: null },
    { type: 'DOCUMENT', documentType: 'ID_CARD', documentSubType: 'FRONT_SIDE', uboId: UBO_A },
  ],
  pendingVerification: [{ type: 'DOCUMENT', documentType: 'PROOF_OF_ADDRESS', uboId: UBO_B }],
  errors: [
    {
      type: 'DOCUMENT',
      documentType: 'INCORPORATION_CERT',
      reason: { code: 'DOCUMENT_REJECTED', message: 'The document is illegible' },
    },
  ],
  satisfied: [{ type: 'DOCUMENT', documentType: 'PASSPORT', uboId: UNKNOWN }],
};

describe('requirement checklist grouping', () => {
  it('counts each bucket', () => {
    expect(bucketCounts(requirements)).toEqual({ currentlyDue: 2, pendingVerification: 1, errors: 1, satisfied: 1 });
    expect(bucketCounts(undefined)).toEqual({ currentlyDue: 0, pendingVerification: 0, errors: 0, satisfied: 0 });
  });

  it('groups by holder: the account first, then each UBO by name, keeping each item bucket', () => {
    const groups = groupByHolder(requirements, [
      { id: UBO_A, name: 'Ana Souza' },
      { id: UBO_B, name: 'Bruno Lima' },
    ]);
    expect(groups.map((g) => [g.kind, g.name, g.items.map((i) => `${i.bucket}:${i.item.documentType}`)])).toEqual([
      ['ACCOUNT', 'The account (company)', ['currentlyDue:ARTICLES_OF_ASSOCIATION', 'errors:INCORPORATION_CERT']],
      ['UBO', 'Ana Souza', ['currentlyDue:ID_CARD']],
      ['UBO', 'Bruno Lima', ['pendingVerification:PROOF_OF_ADDRESS']],
      ['UBO', `Beneficial owner ${UNKNOWN}`, ['satisfied:PASSPORT']],
    ]);
  });

  it('lists a UBO with no requirements with an empty group', () => {
    const groups = groupByHolder({}, [{ id: UBO_A, name: 'Ana Souza' }]);
    expect(groups).toHaveLength(2);
    expect(groups[1]).toMatchObject({ name: 'Ana Souza', items: [] });
  });

  it('titles documents, sides and document groups readably', () => {
    expect(requirementTitle({ type: 'DOCUMENT', documentType: 'UBO_VERIFICATION' })).toBe('UBO verification');
    expect(requirementTitle({ type: 'DOCUMENT', documentType: 'INCORPORATION_CERT' })).toBe('Incorporation certificate');
    expect(requirementTitle({ type: 'DOCUMENT', documentType: 'ARTICLES_OF_ASSOCIATION' })).toBe('Articles of association');
    expect(requirementTitle({ type: 'DOCUMENT', documentType: 'ID_CARD', documentSubType: 'BACK_SIDE' })).toBe(
      'ID card (back side)',
    );
    expect(
      requirementTitle({ type: 'DOCUMENT_GROUP', group: 'IDENTITY_VERIFICATION', options: ['PASSPORT', 'DRIVER_LICENSE'] }),
    ).toBe('Identity verification: one of Passport, Driver license');
  });
});

describe('metadataStillNeeded', () => {
  const item = { type: 'DOCUMENT', documentType: 'PROOF_OF_ADDRESS', requiredMetadata: ['country'] };
  it('lists required metadata only while the item is due or rejected', () => {
    expect(metadataStillNeeded(item, 'currentlyDue')).toEqual(['country']);
    expect(metadataStillNeeded(item, 'errors')).toEqual(['country']);
    expect(metadataStillNeeded(item, 'pendingVerification')).toEqual([]);
    expect(metadataStillNeeded(item, 'satisfied')).toEqual([]);
    expect(metadataStillNeeded({ type: 'DOCUMENT' }, 'currentlyDue')).toEqual([]);
  });
});
