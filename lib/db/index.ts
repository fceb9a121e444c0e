export { getDb, getRawClient, type ConsoleDb, type RawClient } from './client';
export * as schema from './schema';
