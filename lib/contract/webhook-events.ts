// The contract's webhook vocabulary, once: subscription resources, their event types and the delivery statuses of
// an execution log. Read by the wire schemas (lib/api/schemas), the console's forms and filters, and the receiver.
// Description texts live in the message catalogue under `webhooks.events.<EVENT_TYPE>`.

export const WEBHOOK_RESOURCES = ['ACCOUNT', 'BENEFICIARY', 'OPERATION'] as const;
export type WebhookResource = (typeof WEBHOOK_RESOURCES)[number];

export const WEBHOOK_EVENT_TYPES = [
  'ASSET_ACTIVATED',
  'BENEFICIARY_PAYMENT_INSTRUCTION_CREATED',
  'BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED',
  'BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED',
  'OPERATION_REQUESTED',
  'OPERATION_COMPLETED',
  'OPERATION_FAILED',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const DELIVERY_STATUSES = ['SUCCESS', 'FAILED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const EVENTS_BY_RESOURCE: Readonly<Record<WebhookResource, readonly WebhookEventType[]>> = {
  ACCOUNT: ['ASSET_ACTIVATED'],
  BENEFICIARY: [
    'BENEFICIARY_PAYMENT_INSTRUCTION_CREATED',
    'BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED',
    'BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED',
  ],
  OPERATION: ['OPERATION_REQUESTED', 'OPERATION_COMPLETED', 'OPERATION_FAILED'],
};

export function isEventType(value: unknown): value is WebhookEventType {
  return typeof value === 'string' && (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

export function isDeliveryStatus(value: unknown): value is DeliveryStatus {
  return value === 'SUCCESS' || value === 'FAILED';
}

/** The subscription resource an event type belongs to (sent as `X-Resource-Name`); null for an unknown type. */
export function resourceOfEvent(eventType: string): WebhookResource | null {
  for (const resource of WEBHOOK_RESOURCES) {
    if ((EVENTS_BY_RESOURCE[resource] as readonly string[]).includes(eventType)) return resource;
  }
  return null;
}
