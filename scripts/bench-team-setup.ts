/**
 * For benchmarks only (scripts/bench-proxy.ts): turns the team's "second factor required" off in the console database
 * of DATA_DIR / DATABASE_URL, so the bench's admin signs in with a password alone, as before that setting existed.
 * Run with `--conditions=react-server` (lib modules are server-only) before the console opens the database.
 */
import { getDb } from '../lib/db/client';
import { setSecondFactorRequired } from '../lib/auth/factors/second-factor';

const db = await getDb();
await setSecondFactorRequired(db, { id: '00000000-0000-4000-8000-000000000000', email: 'bench' }, false, new Date());
process.exit(0);
