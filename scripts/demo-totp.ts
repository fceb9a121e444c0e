// `npm run demo:totp -- finance@acme.test`: the current authenticator code of a demo user, for signing in to the
// demo in a plain browser. Works only with the embedded sandbox (the only case where demo users get a seeded app);
// the code is derived from this installation's NEXTAUTH_SECRET (env, or DATA_DIR/nextauth-secret), so it needs
// no database connection and can run next to the server.
import { demoTotpSecret } from '../lib/auth/factors/secret-box';
import { currentTotp } from '../lib/auth/factors/totp';
import { DEMO_USERS } from '../lib/team/demo-users';
import { getEnv } from '../lib/env';

async function main(): Promise<number> {
  const email = (process.argv[2] ?? '').trim().toLowerCase();
  if (!DEMO_USERS.some((u) => u.email === email)) {
    console.error(`Usage: npm run demo:totp -- <e-mail>, one of: ${DEMO_USERS.map((u) => u.email).join(', ')}`);
    return 2;
  }
  const env = getEnv();
  if (env.SANDBOX !== 'on') {
    console.error('Demo users have a seeded authenticator app only with the embedded sandbox (SANDBOX=on).');
    return 2;
  }
  const at = new Date();
  const code = await currentTotp(demoTotpSecret(env.NEXTAUTH_SECRET, email), at);
  const left = 30 - (Math.floor(at.getTime() / 1000) % 30);
  console.log(code);
  if (process.stderr.isTTY) console.error(`(valid for ${left} more seconds; each code signs in once)`);
  return 0;
}

main().then((code) => process.exit(code), (error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
