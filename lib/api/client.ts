import 'server-only';
import { resolveConfig, type ApiConfig } from './config';
import { createRequester, type Requester } from './request';
import { createTokenProvider, type TokenProvider } from './token';

/** One configured connection to the service: its token cache and request layer. Holds no readable secret. */
export interface ApiClient extends Requester {
  readonly baseUrl: string;
  readonly tokens: TokenProvider;
}

/** Builds a client from explicit config (tests, scripts, benchmarks). The app uses `getApiClient()`. */
export function createApiClient(config: ApiConfig): ApiClient {
  const resolved = resolveConfig(config);
  const tokens = createTokenProvider(resolved);
  const requester = createRequester(resolved, tokens);
  return { baseUrl: resolved.baseUrl, tokens, request: requester.request };
}

/** Per-call options shared by every resource function. */
export interface CallOptions {
  /** Defaults to the app's client built from the environment. */
  client?: ApiClient;
  signal?: AbortSignal;
}

/** Mutations additionally need the key of the user intent they belong to. */
export interface MutationOptions extends CallOptions {
  idempotencyKey: string;
}

/** Rejects `.`/`..` (URL normalisation would climb out of the resource) and encodes everything else. */
export function pathSegment(id: string): string {
  if (id === '.' || id === '..' || id.length === 0) throw new TypeError('Invalid path segment');
  return encodeURIComponent(id);
}
