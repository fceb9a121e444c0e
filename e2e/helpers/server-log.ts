import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Where an e2e server's stdout and stderr are copied (playwright.config.ts's webServer command tees them), so the
 * log scan (e2e/global-teardown.ts) and e2e/observability.spec.ts can read every line the run produced.
 */
export function serverLogPath(port: number | string): string {
  return path.join(process.cwd(), 'test-results-logs', `server-${port}.log`);
}

/** The bearer token of /api/metrics on the e2e servers (not a secret: test servers on loopback). */
export const E2E_METRICS_TOKEN = 'e2e-metrics-token-not-secret';

export type LogLine = Record<string, unknown> & { kind?: string; requestId?: string; callerRequestId?: string };

/** Every line of the server's log; `json` holds the parsed object of JSON lines. */
export function readServerLog(port: number | string): { raw: string[]; json: LogLine[] } {
  const file = serverLogPath(port);
  if (!existsSync(file)) return { raw: [], json: [] };
  const raw = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const json: LogLine[] = [];
  for (const line of raw) {
    if (!line.startsWith('{')) continue;
    try {
      json.push(JSON.parse(line) as LogLine);
    } catch {
      // a line cut by the copy; it is still scanned as text
    }
  }
  return { raw, json };
}

/** What must never appear in any log line: each needle with a name for the failure message. */
export type Needle = { name: string; value: string };

/** Lines (1-based numbers) containing any needle; needles shorter than 6 characters are refused as too vague. */
export function findSecrets(raw: string[], needles: Needle[]): { line: number; needle: string }[] {
  const found: { line: number; needle: string }[] = [];
  for (const needle of needles) {
    if (needle.value.length < 6) throw new Error(`needle ${needle.name} is too short to scan for`);
    raw.forEach((text, i) => {
      if (text.includes(needle.value)) found.push({ line: i + 1, needle: needle.name });
    });
  }
  return found;
}

/** Keys that must never carry a value other than the censor in a JSON line, wherever they appear. */
const SECRET_KEY = /^(password|newPassword|currentPassword|clientSecret|client_secret|accessToken|access_token|authorization|cookie|set-cookie|signature|x-message-signature|email)$/i;

export function uncensoredSecretKeys(json: LogLine[]): string[] {
  const bad: string[] = [];
  const walk = (value: unknown, where: string) => {
    if (!value || typeof value !== 'object') return;
    for (const [k, v] of Object.entries(value)) {
      if (SECRET_KEY.test(k) && v !== '[redacted]') bad.push(`${where}.${k}`);
      walk(v, `${where}.${k}`);
    }
  };
  json.forEach((line, i) => walk(line, `line${i + 1}`));
  return bad;
}
