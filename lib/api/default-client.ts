import 'server-only';
import { getEnv } from '@/lib/env';
import { isDraining } from '@/lib/observability/shutdown';
import { createApiClient, type ApiClient, type CallOptions } from './client';
import type { ApiCredentials } from './config';
import { keepAliveFetch } from './keep-alive-fetch';

const globalForApi = globalThis as typeof globalThis & {
  __fxApiClient?: ApiClient;
  __fxSandboxCredentials?: Promise<ApiCredentials>;
};

async function sandboxCredentials(): Promise<ApiCredentials> {
  // Imported lazily: the embedded sandbox (and its database) only loads when the console actually needs it.
  const { getDemoCredentials } = await import('@/lib/sandbox/host');
  return getDemoCredentials();
}

/**
 * The app's client, built once per process from the environment (one token cache for every request).
 * It always speaks real HTTP, also to the sandbox embedded in this process: the console must exercise exactly
 * the path it takes against the real service (headers, time-outs, retries, connection errors).
 */
export function getApiClient(): ApiClient {
  if (globalForApi.__fxApiClient) return globalForApi.__fxApiClient;
  const env = getEnv();
  const client = createApiClient({
    baseUrl: env.FX_API_BASE_URL,
    authUrl: env.FX_AUTH_URL,
    serviceVersion: env.FX_SERVICE_VERSION,
    credentials: companyCredentials,
    fetch: keepAliveFetch,
    // From the signal on, a call that cannot get through ends at once (the listener, also the embedded sandbox's, is closed).
    stopping: isDraining,
  });
  globalForApi.__fxApiClient = client;
  return client;
}

/** The client a call should use: the one it was given, else the app's. */
export function clientFor(options: CallOptions | undefined): ApiClient {
  return options?.client ?? getApiClient();
}

/**
 * The company's client credentials (env, else the embedded sandbox demo customer's), the one getter: the token
 * endpoint, the webhook receiver's `X-Message-Signature` check and the webhooks page's signatures all read them
 * here. Server-only; never put them in a response.
 */
export function companyCredentials(): Promise<ApiCredentials> {
  const env = getEnv();
  if (env.FX_CLIENT_ID && env.FX_CLIENT_SECRET) {
    return Promise.resolve({ clientId: env.FX_CLIENT_ID, clientSecret: env.FX_CLIENT_SECRET });
  }
  // The embedded sandbox's demo credentials never change within a process: read them once.
  globalForApi.__fxSandboxCredentials ??= sandboxCredentials();
  globalForApi.__fxSandboxCredentials.catch(() => {
    globalForApi.__fxSandboxCredentials = undefined;
  });
  return globalForApi.__fxSandboxCredentials;
}
