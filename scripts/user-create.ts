// npm run user:create -- --email ana@acme.com --name "Ana Lima" --role admin [--password …]
// Password: --password, else env USER_PASSWORD, else a hidden prompt. Min 12 characters.
// With the embedded database (no DATABASE_URL) stop the console first: PGlite allows one process per directory.
import { stdin, stdout } from 'node:process';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { PASSWORD_MIN_LENGTH } from '../lib/domain/team/password-policy';
import { ROLES, isRole } from '../lib/auth/permissions';

const USAGE = `Usage: npm run user:create -- --email <e-mail> --name <name> --role <${ROLES.join('|')}> [--password <password>] [--must-change-password]`;

export function parseUserArgs(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      password: { type: 'string' },
      'must-change-password': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) return { help: true as const };
  const missing = (['email', 'name', 'role'] as const).filter((k) => !values[k]?.trim());
  if (missing.length) throw new Error(`Missing --${missing.join(', --')}. ${USAGE}`);
  if (!isRole(values.role)) throw new Error(`--role must be one of ${ROLES.join(', ')}.`);
  return {
    help: false as const,
    email: values.email!,
    name: values.name!,
    role: values.role,
    password: values.password,
    mustChangePassword: values['must-change-password'] ?? false,
  };
}

function promptHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: stdin, output: stdout, terminal: true });
    const output = rl as unknown as { _writeToOutput?: (s: string) => void };
    let asked = false;
    output._writeToOutput = (s: string) => {
      // Echo the question once, then nothing: the password never appears on screen.
      if (!asked) {
        stdout.write(s);
        asked = true;
      }
    };
    rl.question(question, (answer) => {
      rl.close();
      stdout.write('\n');
      resolve(answer);
    });
  });
}

async function main(): Promise<number> {
  let args: ReturnType<typeof parseUserArgs>;
  try {
    args = parseUserArgs(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  let password = args.password ?? process.env.USER_PASSWORD;
  if (!password) {
    if (!stdin.isTTY) {
      console.error(`No password: pass --password, set USER_PASSWORD, or run in a terminal to be prompted.`);
      return 2;
    }
    password = await promptHidden(`Password for ${args.email} (min ${PASSWORD_MIN_LENGTH} characters): `);
    const again = await promptHidden('Repeat the password: ');
    if (again !== password) {
      console.error('The passwords do not match.');
      return 2;
    }
  }

  const { createUser } = await import('../lib/team/users');
  const { getRawClient } = await import('../lib/db/client');
  const { isDomainError } = await import('../lib/errors');
  const { EnvError } = await import('../lib/env');
  try {
    const user = await createUser({
      email: args.email,
      name: args.name,
      role: args.role,
      password,
      mustChangePassword: args.mustChangePassword,
    });
    console.log(`Created ${user.role} ${user.email} (${user.name}).`);
    return 0;
  } catch (error) {
    if (isDomainError(error) || error instanceof EnvError) console.error((error as Error).message);
    else console.error(`Could not create the user: ${(error as Error).message?.split('\n')[0]}`);
    return 1;
  } finally {
    const raw = await getRawClient().catch(() => null);
    if (raw?.kind === 'pglite') await raw.client.close();
    if (raw?.kind === 'pg') await raw.pool.end();
  }
}

if (process.argv[1] && /user-create\.ts$/.test(process.argv[1])) {
  main().then((code) => process.exit(code));
}
