import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL into lib/db/migrations; the app applies them at start-up (lib/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/db/schema.ts',
  out: './lib/db/migrations',
  schemaFilter: ['console'],
  migrations: { schema: 'console', table: '__drizzle_migrations' },
});
