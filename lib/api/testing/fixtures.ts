import 'server-only';
/** Contract-shaped bodies for pure (no sandbox) tests. Values follow the contract's examples. */

export const ACCOUNT_ID = '0b6f7a52-3f9e-4c1a-9d55-2f7c8f1e9a10';

export function accountBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const state = { status: 'ACTION_REQUIRED', createdAt: '2026-11-21T12:00:00.000Z' };
  return {
    id: ACCOUNT_ID,
    customer: { id: '5d1c2b3a-1111-4a2b-8c3d-9e8f7a6b5c4d' },
    owner: {
      type: 'COMPANY',
      legalName: 'Acme Pagamentos Ltda',
      taxId: { value: '11222333000181', type: 'CNPJ' },
      industry: 'INFORMATION_TECHNOLOGY',
      address: {
        addressLine1: 'Av. Paulista, 1000',
        addressLine2: null,
        city: 'São Paulo',
        state: 'SP',
        country: 'BR',
        postalCode: '01310-100',
      },
      ubos: [],
    },
    assets: [{ asset: 'BRL', allowsVirtualAccounts: false, status: 'ONBOARDING' }],
    requirements: {
      currentlyDue: [{ type: 'DOCUMENT', documentType: 'ARTICLES_OF_ASSOCIATION', uboId: null, requiredMetadata: [] }],
      pendingVerification: [],
      errors: [],
      satisfied: [],
    },
    tags: [{ key: null, value: 'primary' }],
    currentState: state,
    states: [state],
    createdAt: '2026-11-21T12:00:00.000Z',
    updatedAt: '2026-11-21T12:00:00.000Z',
    sourceAccountId: null,
    ...overrides,
  };
}

export function balancesBody(accountId = ACCOUNT_ID): Record<string, unknown> {
  return {
    accountId,
    fiat: [{ amount: { value: '1500.00', asset: 'BRL', decimals: 2 }, synced: true }],
    crypto: [{ amount: { value: '0.000000', asset: 'USDC', decimals: 6 }, synced: true }],
  };
}
