// `server-only` throws outside a React Server environment; unit tests import server modules directly.
import { vi } from 'vitest';
vi.mock('server-only', () => ({}));
// The process logger (lib/observability/logger.ts) stays quiet in unit tests; tests of log lines build their own.
process.env.LOG_LEVEL ??= 'silent';
