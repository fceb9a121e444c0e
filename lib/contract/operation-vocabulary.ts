// The contract's operation statuses and intent types: pure constants read by the wire schemas
// (lib/api/schemas/operation.ts), the list filters, the browser and the OPERATIONS_STUCK_MINUTES parse alike.
export const OPERATION_STATUS_VALUES = ['REQUESTED', 'PROCESSING', 'ON_HOLD', 'ACTION_REQUIRED', 'COMPLETED', 'FAILED'] as const;
export const INTENT_TYPE_VALUES = ['TRANSFER', 'SWAP', 'DEPOSIT', 'WITHDRAWAL'] as const;
