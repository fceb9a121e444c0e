import { resourceOfEvent, type WebhookEventType } from '@/lib/contract/webhook-events';
import { isUuid } from '@/lib/validation/uuid';

/**
 * The webhook events as the console presents them: an example payload per event type (shapes from the contract's
 * Events part; ids and amounts are illustrative) and the console page a delivery concerns. The event types
 * themselves: lib/contract/webhook-events.ts.
 */
const CUSTOMER = '6f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e';
const AT = '2026-01-15T12:00:00.000Z';
const amount = (value: string, asset: string, decimals: number) => ({ value, asset, decimals });

function operationExample(status: 'REQUESTED' | 'COMPLETED' | 'FAILED') {
  return {
    customerId: CUSTOMER,
    account: { owner: 'Acme Importação Ltda' },
    sourceAmount: amount('5000.00', 'BRL', 2),
    destinationAmount: amount('995.00', 'USD', 2),
    intent: { type: 'SWAP' },
    fees: [{ type: 'PERCENTAGE', amount: amount('25.00', 'BRL', 2), source: 'FX_SPREAD', percentage: '0.0050' }],
    transactions: [],
    currentState:
      status === 'FAILED'
        ? { status, createdAt: AT, reason: { code: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds', details: {} } }
        : { status, createdAt: AT },
    atTime: AT,
    quote: null,
    tags: [{ key: null, value: 'sandbox' }],
  };
}

function instructionExample() {
  return {
    customerId: CUSTOMER,
    holder: {
      type: 'INDIVIDUAL',
      firstName: 'João',
      lastName: 'Pereira',
      taxId: '52998224725',
      dateOfBirth: '1985-04-12',
      address: { addressLine1: 'Rua Augusta 100', city: 'São Paulo', state: 'SP', country: 'BR', postalCode: '01304-000' },
    },
    relationshipType: 'THIRD_PARTY',
    instruction: { asset: 'BRL', address: { type: 'PixKey', rail: 'PIX_KEY', keyType: 'EMAIL', key: 'joao@example.com' } },
    atTime: AT,
  };
}

/** An example payload for each event type, shown next to its checkbox when creating a subscription. */
export function examplePayload(eventType: WebhookEventType): Record<string, unknown> {
  switch (eventType) {
    case 'ASSET_ACTIVATED':
      return { accountId: '0b7e9a52-1c1f-4c5e-9a59-2d4f0c8e7b11', customerId: CUSTOMER, assets: ['BRL', 'USD'], atTime: AT };
    case 'BENEFICIARY_PAYMENT_INSTRUCTION_CREATED':
    case 'BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED':
    case 'BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED':
      return instructionExample();
    case 'OPERATION_REQUESTED':
      return operationExample('REQUESTED');
    case 'OPERATION_COMPLETED':
      return operationExample('COMPLETED');
    case 'OPERATION_FAILED':
      return operationExample('FAILED');
  }
}

/** Console page a delivery concerns, when its payload names an id the console can open. */
export type ResourceLink = { kind: 'account' | 'operation' | 'beneficiary'; id: string; href: string };

const HREF_BY_KIND = { ACCOUNT: 'account', OPERATION: 'operation', BENEFICIARY: 'beneficiary' } as const;

/**
 * The console page of a resource the console's own receiver recorded for a message (`received_events`: the
 * sandbox's `X-Resource-Id` header, keyed by message id). Null for a kind or id the console cannot open.
 */
export function linkToResource(kind: string | null, id: string | null): ResourceLink | null {
  if (!kind || !id || !isUuid(id) || !(kind in HREF_BY_KIND)) return null;
  const k = HREF_BY_KIND[kind as keyof typeof HREF_BY_KIND];
  const base = k === 'account' ? 'accounts' : k === 'operation' ? 'operations' : 'beneficiaries';
  return { kind: k, id, href: `/${base}/${id}` };
}

/**
 * The contract's operation and instruction payloads carry no id of their resource (only ASSET_ACTIVATED names its
 * account); upstream's operation payload has `id`. So this reads whichever id the payload has and returns null
 * when there is none, rather than guessing.
 */
export function resourceLinkOf(eventType: string, payload: unknown): ResourceLink | null {
  if (!payload || typeof payload !== 'object') return null;
  const p = payload as Record<string, unknown>;
  const pick = (...keys: string[]) => keys.map((k) => p[k]).find((v): v is string => typeof v === 'string' && isUuid(v));
  const resource = resourceOfEvent(eventType);
  if (resource === 'ACCOUNT') {
    const id = pick('accountId');
    return id ? { kind: 'account', id, href: `/accounts/${id}` } : null;
  }
  if (resource === 'OPERATION') {
    const id = pick('operationId', 'id');
    return id ? { kind: 'operation', id, href: `/operations/${id}` } : null;
  }
  if (resource === 'BENEFICIARY') {
    const id = pick('beneficiaryId', 'id');
    return id ? { kind: 'beneficiary', id, href: `/beneficiaries/${id}` } : null;
  }
  return null;
}

/** The payload string pretty-printed when it is JSON; null when it is not (the raw text is shown instead). */
export function prettyPayload(payload: string): string | null {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return null;
  }
}
