import 'server-only';
import { pathSegment, type MutationOptions } from './client';
import { clientFor } from './default-client';
import { operationSchema, type Operation } from './schemas/operation';
import type { ApiResult } from './types';

/**
 * POST /_sandbox/operations/{operationId}/pay — the sandbox's test helper that simulates a deposit's inbound payment
 * (→ PROCESSING → COMPLETED). Sandbox only: callers check `SANDBOX=on` first; a real service has no such route.
 */
export async function simulateDepositPayment(operationId: string, options: MutationOptions): Promise<ApiResult<Operation>> {
  const { data, requestId } = await clientFor(options).request({
    method: 'POST',
    path: `/_sandbox/operations/${pathSegment(operationId)}/pay`,
    json: {},
    idempotencyKey: options.idempotencyKey,
    schema: operationSchema,
    signal: options.signal,
  });
  return { data, requestId };
}

/**
 * POST /_sandbox/operations/test-transfer — the sandbox's transfer tagged as test traffic (same body and rules as
 * POST /api/operations/transfer). Sandbox only: callers check `SANDBOX=on` first.
 */
export async function createTestTransfer(
  body: { sourceAccountId: string; targetAccountId: string; amount: { value: string; asset: string } },
  options: MutationOptions,
): Promise<ApiResult<Operation>> {
  const { data, requestId } = await clientFor(options).request({
    method: 'POST',
    path: '/_sandbox/operations/test-transfer',
    json: body,
    idempotencyKey: options.idempotencyKey,
    schema: operationSchema,
    signal: options.signal,
  });
  return { data, requestId };
}
