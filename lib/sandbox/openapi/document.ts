import { MAX_REQUEST_BYTES } from '../core/body';
import type { RouteDef } from '../core/types';
import type { OpenApiContext } from './module';
import { EVENT_TYPES } from '../webhooks/catalog';
import { REQUEST_SCHEMAS, RESPONSE_SCHEMAS, SCHEMAS } from './schemas';

const LIST_PARAMS = [
  { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 10 } },
  { name: 'cursor', in: 'query', schema: { type: 'string' }, description: 'Opaque cursor from a previous meta.' },
  { name: 'direction', in: 'query', schema: { type: 'string', enum: ['NEXT', 'PREVIOUS'] } },
  { name: 'sortOrder', in: 'query', schema: { type: 'string', enum: ['ASCENDING', 'DESCENDING'], default: 'DESCENDING' } },
];

/** Extension filters of the execution-log list (sandbox; the contract lists no filter parameters there). */
const EXECUTION_LOG_FILTER_PARAMS = [
  { name: 'status', in: 'query', schema: { type: 'string', enum: ['SUCCESS', 'FAILED'] }, description: 'Extension: only attempts with this status.' },
  {
    name: 'eventType',
    in: 'query',
    schema: { type: 'string', enum: [...EVENT_TYPES] },
    description: 'Extension: only attempts of this event type.',
  },
  { name: 'messageId', in: 'query', schema: { type: 'string', format: 'uuid' }, description: 'Extension: only attempts of this message (X-Message-Id).' },
  { name: 'createdFrom', in: 'query', schema: { type: 'string', format: 'date-time' }, description: 'Extension: attempts created at or after this instant (inclusive).' },
  { name: 'createdTo', in: 'query', schema: { type: 'string', format: 'date-time' }, description: 'Extension: attempts created at or before this instant (inclusive); not before createdFrom (400 INVALID_RANGE).' },
];

function kind(route: RouteDef): 'contract' | 'extension' | 'helper' {
  if (route.path.startsWith('/_sandbox') || route.path === '/openapi.json') return 'helper';
  const contract = new Set([
    'POST /api/oauth/client/token', 'POST /api/operations/transfer', 'POST /api/operations/withdrawal',
    'POST /api/operations/deposit', 'POST /api/operations/swap', 'GET /api/operations/:operationId', 'POST /api/quotes',
    'POST /api/accounts', 'GET /api/accounts', 'GET /api/accounts/:accountId', 'POST /api/accounts/:accountId/ubos',
    'GET /api/accounts/:accountId/fundingInstructions', 'POST /api/beneficiaries',
    'POST /api/beneficiaries/:beneficiaryId/payment-instructions', 'GET /api/beneficiaries/:beneficiaryId',
    'POST /api/documents', 'POST /api/subscriptions', 'GET /api/subscriptions', 'GET /api/subscriptions/:subscriptionId',
    'DELETE /api/subscriptions/:subscriptionId', 'GET /api/subscriptions/:subscriptionId/executionLogs',
    'GET /api/subscriptions/:subscriptionId/executionLogs/:executionLogId',
    'POST /api/subscriptions/:subscriptionId/executionLogs/:executionLogId/resend',
  ]);
  return contract.has(`${route.method} ${route.path}`) ? 'contract' : 'extension';
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const err = (description: string) => ({ description, content: { 'application/json': { schema: ERROR_REF } } });

/** Builds the OpenAPI 3.1 document from the mounted routes (so it cannot list a route that doesn't exist). */
export function buildOpenApi(ctx: OpenApiContext) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of ctx.routes) {
    const oasPath = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const key = `${route.method} ${route.path}`;
    const params: unknown[] = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string', format: 'uuid' },
    }));
    const isList = route.method === 'GET' && !/:[A-Za-z]+$/.test(route.path) && route.path.startsWith('/api/');
    if (isList) params.push(...LIST_PARAMS);
    if (key === 'GET /api/accounts') {
      params.push({
        name: 'filters',
        in: 'query',
        schema: { type: 'string' },
        description:
          'field[op]=value joined with ; or grouped with and(...)/or(...). Ops: eq ne gt gte lt lte in nin (values |-separated) like text last last_ne; literal null. Fields: id, status, currentState.status, states.status, owner.legalName, owner.taxId.value, assets.asset, assets.status, createdAt, updatedAt, tags.value, sourceAccountId. Backslash escapes , ; ( ) | \\ in values.',
      });
    }
    if (key === 'GET /api/subscriptions/:subscriptionId/executionLogs') params.push(...EXECUTION_LOG_FILTER_PARAMS);
    const mutating = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
    if (mutating && route.idempotent !== false) {
      params.push({ name: 'X-Idempotency-Key', in: 'header', required: true, schema: { type: 'string', format: 'uuid' } });
    }
    params.push({ name: 'X-Service-Version', in: 'header', required: false, schema: { type: 'string', enum: ['1'] } });
    const op: Record<string, unknown> = {
      summary: route.summary ?? key,
      tags: [kind(route)],
      operationId: key.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, ''),
      parameters: params,
      responses: {
        ...(RESPONSE_SCHEMAS[key] ?? { '200': { description: 'OK' } }),
        '400': err('Invalid data, missing header, unsupported version'),
        ...(route.auth === 'customer' ? { '401': err('INVALID_ACCESS_TOKEN or EXPIRED_ACCESS_TOKEN') } : {}),
        ...(route.path.includes(':') ? { '404': err('RESOURCE_NOT_FOUND') } : {}),
        ...(mutating && route.idempotent !== false ? { '409': err('IDEMPOTENCY_CONFLICT') } : {}),
        ...(mutating
          ? {
              '408': err('REQUEST_TIMEOUT: the body stopped arriving (10 s without a byte, or 120 s in all)'),
              '413': err(`PAYLOAD_TOO_LARGE: the body exceeds ${MAX_REQUEST_BYTES} bytes, whatever its framing`),
            }
          : {}),
      },
    };
    if (route.auth === 'customer') op.security = [{ bearer: [] }];
    else op.security = [];
    if (REQUEST_SCHEMAS[key]) op.requestBody = REQUEST_SCHEMAS[key];
    paths[oasPath] ??= {};
    paths[oasPath][route.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Payments & FX Service — sandbox',
      version: '1',
      description:
        'A stateful sandbox of the Payments and FX Service contract. Tag `contract`: the contract; `extension`: upstream endpoints the contract lacks; `helper`: /_sandbox test helpers (sandbox only).',
    },
    servers: [{ url: `${(ctx.publicUrl ?? '').replace(/\/+$/, '')}${ctx.basePath}` || '/' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: SCHEMAS,
    },
    paths,
  };
}
