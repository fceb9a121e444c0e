// Pure: the contract's operation statuses and intent types. The wire schemas (lib/api/schemas/operation.ts)
// and the list filters both read them from here, so the browser can use them without the server-only client.
export const OPERATION_STATUS_VALUES = ['REQUESTED', 'PROCESSING', 'ON_HOLD', 'ACTION_REQUIRED', 'COMPLETED', 'FAILED'] as const;
export const INTENT_TYPE_VALUES = ['TRANSFER', 'SWAP', 'DEPOSIT', 'WITHDRAWAL'] as const;
