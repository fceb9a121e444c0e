import 'server-only';
import { getEnv, type Env } from '@/lib/env';
import { createApiClient, type ApiClient, type CallOptions } from './client';
import type { ApiCredentials } from './config';
import { inProcessFetch, type RequestHandler } from './in-process-fetch';

const globalForApi = globalThis as typeof globalThis & { __fxApiClient?: ApiClient };

async function sandboxCredentials(): Promise<ApiCredentials> {
  // Imported lazily: the embedded sandbox (and its database) only loads when the console actually needs it.
  const { getDemoCredentials } = await import('@/lib/sandbox-host');
  return getDemoCredentials();
}

async function sandboxHandler(): Promise<RequestHandler> {
  const { ensureSandbox } = await import('@/lib/sandbox-host');
  const sandbox = await ensureSandbox();
  return (request) => sandbox.handle(request);
}

/** True when the service IS the sandbox mounted in this very process (the default demo set-up). */
export function targetsEmbeddedSandbox(env: Env): boolean {
  const embedded = `${env.PUBLIC_URL.replace(/\/+$/, '')}/sandbox`;
  return env.SANDBOX === 'on' && env.FX_API_BASE_URL === embedded && env.FX_AUTH_URL === embedded;
}

/** The app's client, built once per process from the environment (one token cache for every request). */
export function getApiClient(): ApiClient {
  if (globalForApi.__fxApiClient) return globalForApi.__fxApiClient;
  const env = getEnv();
  const clientId = env.FX_CLIENT_ID;
  const clientSecret = env.FX_CLIENT_SECRET;
  const client = createApiClient({
    baseUrl: env.FX_API_BASE_URL,
    authUrl: env.FX_AUTH_URL,
    serviceVersion: env.FX_SERVICE_VERSION,
    credentials: clientId && clientSecret ? { clientId, clientSecret } : sandboxCredentials,
    // Same requests, same handler as /sandbox/** — minus a loopback HTTP hop and a second trip through Next.
    fetch: targetsEmbeddedSandbox(env) ? inProcessFetch(sandboxHandler) : undefined,
  });
  globalForApi.__fxApiClient = client;
  return client;
}

/** The client a call should use: the one it was given, else the app's. */
export function clientFor(options: CallOptions | undefined): ApiClient {
  return options?.client ?? getApiClient();
}
