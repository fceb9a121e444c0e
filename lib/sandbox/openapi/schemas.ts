import { ASSETS } from '@/lib/money/assets';
import { ACCOUNT_STATUSES, ASSET_STATUSES, DOCUMENT_TYPES, INDUSTRIES, UBO_STATUSES } from '../accounts/constants';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ 'application/json': { schema } });
const page = (item: string) => ({
  type: 'object',
  required: ['data', 'meta'],
  properties: { data: { type: 'array', items: ref(item) }, meta: ref('PageMeta') },
});

export const SCHEMAS: Record<string, unknown> = {
  Error: {
    type: 'object',
    required: ['code', 'message', 'details'],
    properties: { code: { type: 'string' }, message: { type: 'string' }, details: { type: 'object' } },
  },
  Asset: { type: 'string', enum: [...ASSETS] },
  Amount: {
    type: 'object',
    required: ['value', 'asset', 'decimals'],
    properties: { value: { type: 'string', pattern: '^-?\\d+\\.\\d+$' }, asset: ref('Asset'), decimals: { type: 'integer', enum: [2, 6] } },
  },
  PageMeta: {
    type: 'object',
    required: ['previousCursor', 'nextCursor', 'total'],
    properties: {
      previousCursor: { type: ['string', 'null'] },
      nextCursor: { type: ['string', 'null'] },
      total: { type: 'integer', description: 'Items in this page.' },
    },
  },
  Address: {
    type: 'object',
    required: ['addressLine1', 'city', 'state', 'country', 'postalCode'],
    properties: {
      addressLine1: { type: 'string' },
      addressLine2: { type: ['string', 'null'] },
      city: { type: 'string' },
      state: { type: ['string', 'null'] },
      country: { type: 'string', pattern: '^[A-Z]{2}$' },
      postalCode: { type: 'string' },
    },
  },
  TaxId: { type: 'object', required: ['value', 'type'], properties: { value: { type: 'string' }, type: { type: 'string', enum: ['CPF', 'CNPJ'] } } },
  Reason: { type: 'object', required: ['code', 'message', 'details'], properties: { code: { type: 'string' }, message: { type: 'string' }, details: { type: 'object' } } },
  StateEntry: {
    type: 'object',
    required: ['status', 'createdAt'],
    properties: { status: { type: 'string' }, createdAt: { type: 'string', format: 'date-time' }, reason: ref('Reason') },
  },
  Tag: { type: 'object', required: ['key', 'value'], properties: { key: { type: ['string', 'null'] }, value: { type: 'string' } } },
  RequirementItem: {
    type: 'object',
    properties: {
      type: { type: 'string', enum: ['DOCUMENT', 'DOCUMENT_GROUP', 'UBO_VERIFICATION'] },
      documentType: { type: ['string', 'null'], enum: [...DOCUMENT_TYPES, null] },
      documentSubType: { type: ['string', 'null'] },
      group: { type: ['string', 'null'] },
      options: { type: 'array', items: { type: 'string' } },
      uboId: { type: ['string', 'null'], format: 'uuid' },
      requiredMetadata: { type: 'array', items: { type: 'string' } },
      metadata: { type: 'object', additionalProperties: { type: 'string' } },
      reason: { oneOf: [ref('Reason'), { type: 'null' }] },
    },
  },
  Requirements: {
    type: 'object',
    properties: Object.fromEntries(
      ['currentlyDue', 'pendingVerification', 'errors', 'satisfied'].map((b) => [b, { type: 'array', items: ref('RequirementItem') }]),
    ),
  },
  Ubo: {
    type: 'object',
    properties: {
      id: { type: 'string', format: 'uuid' },
      name: { type: 'string' },
      taxId: ref('TaxId'),
      address: ref('Address'),
      ownershipPercentage: { type: ['number', 'null'] },
      currentState: { allOf: [ref('StateEntry')], properties: { status: { enum: [...UBO_STATUSES] } } },
      states: { type: 'array', items: ref('StateEntry') },
    },
  },
  Account: {
    type: 'object',
    properties: {
      id: { type: 'string', format: 'uuid' },
      customer: { type: 'object', properties: { id: { type: 'string', format: 'uuid' } } },
      owner: {
        type: 'object',
        properties: {
          type: { const: 'COMPANY' },
          legalName: { type: 'string' },
          taxId: ref('TaxId'),
          industry: { type: 'string', enum: [...INDUSTRIES] },
          incorporateDate: { type: ['string', 'null'], format: 'date' },
          address: ref('Address'),
          ubos: { type: 'array', items: ref('Ubo') },
        },
      },
      assets: {
        type: 'array',
        items: {
          type: 'object',
          properties: { asset: ref('Asset'), allowsVirtualAccounts: { type: 'boolean' }, status: { type: 'string', enum: [...ASSET_STATUSES] } },
        },
      },
      requirements: ref('Requirements'),
      tags: { type: 'array', items: ref('Tag') },
      currentState: { allOf: [ref('StateEntry')], properties: { status: { enum: [...ACCOUNT_STATUSES] } } },
      states: { type: 'array', items: ref('StateEntry') },
      createdAt: { type: 'string', format: 'date-time' },
      updatedAt: { type: 'string', format: 'date-time' },
      sourceAccountId: { type: ['string', 'null'], format: 'uuid' },
    },
  },
  Rate: {
    type: 'object',
    required: ['value', 'base', 'quote'],
    description: 'quote units per 1 base unit: target = source × value when base is the source asset.',
    properties: { value: { type: 'string', pattern: '^\\d+\\.\\d+$' }, base: ref('Asset'), quote: ref('Asset') },
  },
  Quote: {
    type: 'object',
    required: ['id', 'customerId', 'account', 'sourceAmount', 'targetAmount', 'effectiveRate', 'fees', 'expiresAt'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      customerId: { type: 'string', format: 'uuid' },
      account: { type: 'object', properties: { id: { type: 'string', format: 'uuid' }, owner: { type: 'string' } } },
      sourceAmount: ref('Amount'),
      targetAmount: ref('Amount'),
      effectiveRate: { allOf: [ref('Rate')], description: 'The rate applied, after the spread.' },
      fees: {
        type: 'array',
        items: {
          type: 'object',
          properties: { type: { const: 'PERCENTAGE' }, source: { const: 'FX_SPREAD' }, percentage: { type: 'string' }, amount: ref('Amount') },
        },
      },
      expiresAt: { type: 'string', format: 'date-time', description: 'createdAt + 30 s of the service clock.' },
      midRate: {
        allOf: [ref('Rate')],
        description:
          'Extension (not in the contract): the mid-market rate the quote was priced from, before the spread. Moves every 10 s of sandbox-clock time unless the sandbox runs with pinned rates.',
      },
      createdAt: {
        type: 'string',
        format: 'date-time',
        description: "Extension: when the quote was issued by the service's clock (lets a client correct a countdown for clock skew).",
      },
    },
  },
  FundingInstruction: {
    type: 'object',
    required: ['asset', 'rail'],
    description:
      'PIX_KEY {keyType, key}; PIX_STATIC_QR_CODE {qrCode}; TED {bankCode, bankName, branch, accountNumber, accountType, beneficiaryName}; WIRE/ACH {bankName, routingNumber, accountNumber, …}; SEPA {iban, bic, beneficiaryName}; SWIFT {bankName, bic, accountNumber, beneficiaryName, currency}; CRYPTO {network, walletAddress}.',
    properties: { asset: ref('Asset'), rail: { type: 'string', enum: ['PIX_KEY', 'PIX_STATIC_QR_CODE', 'TED', 'WIRE', 'ACH', 'SEPA', 'SWIFT', 'CRYPTO'] } },
    additionalProperties: { type: 'string' },
  },
};

const addressReq = ref('Address');
export const REQUEST_SCHEMAS: Record<string, unknown> = {
  'POST /api/oauth/client/token': {
    required: true,
    content: json({ type: 'object', required: ['clientId', 'clientSecret'], properties: { clientId: { type: 'string' }, clientSecret: { type: 'string' } } }),
  },
  'POST /api/accounts': {
    required: true,
    content: json({
      type: 'object',
      required: ['assets', 'owner'],
      properties: {
        assets: {
          type: 'array',
          minItems: 1,
          items: { type: 'object', required: ['code'], properties: { code: ref('Asset'), isVirtual: { type: 'boolean', default: false } } },
        },
        owner: {
          type: 'object',
          required: ['type', 'legalName', 'taxId', 'industry', 'address'],
          properties: {
            type: { const: 'COMPANY' },
            legalName: { type: 'string', maxLength: 200 },
            taxId: { type: 'object', properties: { value: { type: 'string' }, type: { const: 'CNPJ' } } },
            industry: { type: 'string', enum: [...INDUSTRIES] },
            incorporateDate: { type: ['string', 'null'], format: 'date' },
            address: addressReq,
          },
        },
      },
    }),
  },
  'POST /api/accounts/:accountId/ubos': {
    required: true,
    content: json({
      type: 'object',
      required: ['name', 'taxId', 'address'],
      properties: {
        name: { type: 'string' },
        taxId: ref('TaxId'),
        address: addressReq,
        ownershipPercentage: { type: 'number', minimum: 25, maximum: 100 },
      },
    }),
  },
  'POST /api/documents': {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: ['body', 'file'],
          properties: {
            body: {
              type: 'string',
              description:
                'JSON {documentType, documentSubType? (FRONT_SIDE|BACK_SIDE, required for ID_CARD/DRIVER_LICENSE), holder:{type: ACCOUNT|UBO, referenceId}, metadata?}',
            },
            file: { type: 'string', format: 'binary', description: 'PDF, PNG or JPEG (magic bytes), 1 to 10,000,000 bytes.' },
          },
        },
      },
    },
  },
  'POST /api/beneficiaries': {
    required: true,
    content: json({
      type: 'object',
      required: ['holder', 'relationshipType', 'paymentInstruction'],
      properties: {
        holder: {
          description:
            'INDIVIDUAL (contract) or COMPANY (extension, as upstream has it: legalName, tradeName optional, a CNPJ with valid check digits, address).',
          oneOf: [
            {
              type: 'object',
              required: ['type', 'firstName', 'lastName', 'taxId', 'dateOfBirth', 'address'],
              properties: {
                type: { const: 'INDIVIDUAL' },
                firstName: { type: 'string', maxLength: 100 },
                lastName: { type: 'string', maxLength: 100 },
                taxId: ref('TaxId'),
                dateOfBirth: { type: 'string', format: 'date' },
                address: addressReq,
              },
            },
            {
              type: 'object',
              required: ['type', 'legalName', 'taxId', 'address'],
              properties: {
                type: { const: 'COMPANY' },
                legalName: { type: 'string', maxLength: 200 },
                tradeName: { type: ['string', 'null'], maxLength: 200, description: 'Blank is stored as null.' },
                taxId: { type: 'object', required: ['value', 'type'], properties: { value: { type: 'string' }, type: { const: 'CNPJ' } } },
                address: addressReq,
              },
            },
          ],
        },
        relationshipType: { type: 'string', enum: ['SELF_OWNED', 'THIRD_PARTY'] },
        paymentInstruction: {
          type: 'object',
          required: ['type', 'asset', 'dictKeyType', 'dictKey'],
          properties: {
            type: { const: 'PIX' },
            asset: ref('Asset'),
            dictKeyType: { type: 'string', enum: ['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'EVP'] },
            dictKey: { type: 'string', maxLength: 100 },
          },
        },
      },
    }),
  },
  'POST /api/quotes': {
    required: true,
    content: json({
      type: 'object',
      required: ['accountId', 'sourceAsset', 'targetAsset'],
      description: 'Exactly one of sourceAmount (fixed source) or targetAmount (fixed target).',
      properties: {
        accountId: { type: 'string', format: 'uuid' },
        sourceAsset: ref('Asset'),
        targetAsset: ref('Asset'),
        sourceAmount: { type: 'string', pattern: '^\\d+(\\.\\d+)?$' },
        targetAmount: { type: 'string', pattern: '^\\d+(\\.\\d+)?$' },
      },
    }),
  },
  'POST /_sandbox/customers': {
    required: false,
    content: json({ type: 'object', properties: { name: { type: 'string' }, auto: { type: 'boolean', default: true } } }),
  },
  'POST /_sandbox/clock/advance': {
    required: true,
    content: json({ type: 'object', required: ['seconds'], properties: { seconds: { type: 'number', minimum: 0 } } }),
  },
};

export const RESPONSE_SCHEMAS: Record<string, Record<string, unknown>> = {
  'POST /api/oauth/client/token': {
    '200': {
      description: 'Access token',
      content: json({
        type: 'object',
        properties: { accessToken: { type: 'string' }, tokenType: { const: 'Bearer' }, expiresIn: { const: 3600 } },
      }),
    },
  },
  'POST /api/accounts': { '201': { description: 'Account', content: json(ref('Account')) } },
  'GET /api/accounts': { '200': { description: 'Accounts', content: json(page('Account')) } },
  'GET /api/accounts/:accountId': { '200': { description: 'Account', content: json(ref('Account')) } },
  'POST /api/accounts/:accountId/ubos': { '201': { description: 'UBO', content: json(ref('Ubo')) } },
  'GET /api/accounts/:accountId/ubos': { '200': { description: 'UBOs', content: json(page('Ubo')) } },
  'GET /api/accounts/:accountId/ubos/:uboId': { '200': { description: 'UBO', content: json(ref('Ubo')) } },
  'POST /api/accounts/:accountId/review': { '202': { description: 'Submitted (no body)' } },
  'GET /api/accounts/:accountId/fundingInstructions': { '200': { description: 'Funding instructions', content: json(page('FundingInstruction')) } },
  'POST /api/documents': { '204': { description: 'Uploaded (no body)' } },
  'POST /api/quotes': { '201': { description: 'Quote (with the midRate and createdAt extensions)', content: json(ref('Quote')) } },
  'POST /_sandbox/customers': {
    '201': {
      description: 'Customer with credentials',
      content: json({ type: 'object', properties: { customerId: { type: 'string' }, clientId: { type: 'string' }, clientSecret: { type: 'string' } } }),
    },
  },
  'POST /_sandbox/accounts/:accountId/activate': { '200': { description: 'The ACTIVE account', content: json(ref('Account')) } },
  'POST /_sandbox/clock/advance': { '200': { description: 'New sandbox time', content: json({ type: 'object', properties: { now: { type: 'string' } } }) } },
  'GET /openapi.json': { '200': { description: 'This document' } },
};
