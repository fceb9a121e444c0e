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

/**
 * Drops what `freshTestDatabase` made, after the test's pools are closed. `pool.end()` resolves once its clients are
 * told to end, not once their connections are gone: a forced drop then terminated backends whose clients were still
 * ending, and each such client emitted the server's "terminating connection due to administrator command" with no
 * listener left — an unhandled error that fails the whole vitest run. So the drop waits (up to 5 s) for the
 * database's connections to leave first.
 */
export async function dropTestDatabase(baseUrl: string, name: string): Promise<void> {
  await onServer(baseUrl, async (admin) => {
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [checked(name)]);
      if (rows[0].n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await admin.query(`drop database if exists ${checked(name)} with (force)`);
  });
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
