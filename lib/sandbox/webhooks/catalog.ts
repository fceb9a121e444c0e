import type { EventType, ResourceName } from '../core/types';

/**
 * Which event types belong to which subscription resource. Resource names are upstream's (§1.14); event names are
 * the contract's (`BENEFICIARY_PAYMENT_INSTRUCTION_*`, not upstream's `BENEFICIARY_INSTRUCTION_*`).
 * Order here is the order the references endpoint and an `includeAll` subscription show.
 */
export const EVENT_CATALOG: ReadonlyArray<{ resourceName: ResourceName; eventTypes: readonly EventType[] }> = [
  { resourceName: 'ACCOUNT', eventTypes: ['ASSET_ACTIVATED'] },
  {
    resourceName: 'BENEFICIARY',
    eventTypes: [
      'BENEFICIARY_PAYMENT_INSTRUCTION_CREATED',
      'BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED',
      'BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED',
    ],
  },
  { resourceName: 'OPERATION', eventTypes: ['OPERATION_REQUESTED', 'OPERATION_COMPLETED', 'OPERATION_FAILED'] },
];

export const RESOURCE_NAMES: readonly ResourceName[] = EVENT_CATALOG.map((r) => r.resourceName);
export const EVENT_TYPES: readonly EventType[] = EVENT_CATALOG.flatMap((r) => r.eventTypes);

const RESOURCE_OF_EVENT = new Map<string, ResourceName>(
  EVENT_CATALOG.flatMap((r) => r.eventTypes.map((e) => [e, r.resourceName] as const)),
);

export function isEventType(value: unknown): value is EventType {
  return typeof value === 'string' && RESOURCE_OF_EVENT.has(value);
}

export function resourceOfEvent(type: EventType): ResourceName {
  const name = RESOURCE_OF_EVENT.get(type);
  if (!name) throw new Error(`Unknown event type ${type}`);
  return name;
}

export function eventTypesOf(resource: ResourceName): readonly EventType[] {
  return EVENT_CATALOG.find((r) => r.resourceName === resource)?.eventTypes ?? [];
}

/** The resolved resource list of an `includeAll` subscription: every resource with every event. */
export function allResources(): Array<{ name: ResourceName; events: EventType[] }> {
  return EVENT_CATALOG.map((r) => ({ name: r.resourceName, events: [...r.eventTypes] }));
}
