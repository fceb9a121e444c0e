import pg from 'pg';

/**
 * For PostgreSQL test files: a database of their own on the server of `baseUrl` (TEST_DATABASE_URL), made afresh.
 * Test files that drop and migrate the `console` schema must not share one database: vitest runs two files at once,
 * and one file's `drop schema` removed the other's tables mid-test ("relation console.users does not exist").
 * `name` should carry the process id, so two checkouts testing against one server do not meet either.
 */
export async function freshTestDatabase(baseUrl: string, name: string): Promise<string> {
  await onServer(baseUrl, async (admin) => {
    await admin.query(`drop database if exists ${checked(name)} with (force)`);
    await admin.query(`create database ${checked(name)}`);
  });
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops what `freshTestDatabase` made (after the test's pools are closed). */
export async function dropTestDatabase(baseUrl: string, name: string): Promise<void> {
  await onServer(baseUrl, (admin) => admin.query(`drop database if exists ${checked(name)} with (force)`));
}

async function onServer(baseUrl: string, run: (admin: pg.Client) => Promise<unknown>): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await run(admin);
  } finally {
    await admin.end();
  }
}

function checked(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  return name;
}
