// The proxy cannot import lib/env.ts (server-only, does file I/O): it derives the same defaults from process.env.
export function publicUrlFrom(env: Record<string, string | undefined>): URL {
  const raw = env.PUBLIC_URL?.trim() || `http://localhost:${env.PORT?.trim() || '3000'}`;
  try {
    return new URL(raw);
  } catch {
    return new URL('http://localhost:3000');
  }
}
