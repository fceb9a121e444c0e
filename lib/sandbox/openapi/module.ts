import type { RouteDef, SandboxModule } from '../core/types';
import { buildOpenApi } from './document';

export interface OpenApiContext {
  routes: RouteDef[];
  publicUrl?: string;
  basePath: string;
}

/** `GET {base}/openapi.json` (public): the contract, the extensions and the `/_sandbox` helpers. */
export function openapiModule(context: () => OpenApiContext): SandboxModule {
  let cached: unknown = null;
  return {
    name: 'openapi',
    migrations: [],
    routes: [
      {
        method: 'GET',
        path: '/openapi.json',
        auth: 'none',
        summary: 'This OpenAPI 3.1 document.',
        async handler() {
          cached ??= buildOpenApi(context());
          return { status: 200, body: cached };
        },
      },
    ],
    tasks: [],
  };
}
