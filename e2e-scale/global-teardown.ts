import { readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { demoTotpSecret } from '../lib/auth/factors/secret-box';
import { DEMO_USERS } from '../lib/team/demo-users';
import { logProblems, readLogFile, type Needle } from '../e2e/helpers/server-log';
import { SCALE_LOG_DIR } from '../playwright.scale.config';

/**
 * The scale run's log scan, as e2e/global-teardown.ts's: every line every instance wrote (A and B through their
 * web-server commands, C copied by e2e-scale/shutdown.spec.ts) is searched for the run's secrets (the shared
 * NEXTAUTH_SECRET and actions key, the demo passwords, e-mails and authenticator secrets, every customer's client
 * secret in the shared database) and for anything shaped like a secret; secret-named JSON keys must hold the censor.
 */
export default async function globalTeardown(): Promise<void> {
  const secret = process.env.SCALE_NEXTAUTH_SECRET!;
  const needles: Needle[] = [
    { name: 'NEXTAUTH_SECRET', value: secret },
    { name: 'NEXT_SERVER_ACTIONS_ENCRYPTION_KEY', value: process.env.SCALE_ACTIONS_KEY! },
    ...DEMO_USERS.flatMap((u) => [
      { name: `password of ${u.role}`, value: u.password },
      { name: `e-mail of ${u.role}`, value: u.email },
      { name: `TOTP secret of ${u.role}`, value: demoTotpSecret(secret, u.email) },
    ]),
    ...(await clientSecrets()),
  ];
  const dir = path.join(process.cwd(), SCALE_LOG_DIR);
  const problems: string[] = [];
  let requests = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.log')).sort()) {
    const log = readLogFile(path.join(dir, file));
    requests += log.json.filter((l) => l.kind === 'http').length;
    problems.push(...logProblems(file, log, needles));
  }
  // A scan of (almost) nothing proves nothing (one spec alone may leave an instance idle: counted over all of them).
  if (requests < 5) problems.push(`fewer than 5 request lines in ${SCALE_LOG_DIR} — are the instances writing JSON to stdout?`);
  if (problems.length) throw new Error(`Secrets in the scale run's server logs:\n${problems.slice(0, 30).join('\n')}`);
}

/** Every sandbox customer's client secret (the demo's and those the specs created), from the shared database. */
async function clientSecrets(): Promise<Needle[]> {
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    const { rows } = await db.query<{ client_id: string; client_secret: string }>('select client_id, client_secret from sandbox.customers');
    return rows.map((r) => ({ name: `client secret of ${r.client_id}`, value: r.client_secret }));
  } finally {
    await db.end();
  }
}
