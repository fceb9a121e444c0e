import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { findSecretShapes } from '../../lib/domain/observability/secret-shapes';

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
  return readLogFile(serverLogPath(port));
}

export function readLogFile(file: string): { raw: string[]; json: LogLine[] } {
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

/**
 * Everything the log scan refuses in one server's lines: a needle (a secret the run knows), anything shaped like a
 * secret the console or its sandbox makes (lib/domain/observability/secret-shapes.ts: client secrets, tokens and session
 * cookies, authenticator secrets, one-time passwords — those made during the run included), and a secret-named JSON
 * key not holding the censor.
 */
export function logProblems(label: string, log: { raw: string[]; json: LogLine[] }, needles: Needle[]): string[] {
  return [
    ...findSecrets(log.raw, needles).map((hit) => `${label} log line ${hit.line} contains ${hit.needle}`),
    ...findSecretShapes(log.raw).map((hit) => `${label} log line ${hit.line} holds something shaped like a secret: ${hit.shape}`),
    ...uncensoredSecretKeys(log.json).map((where) => `${label}: ${where} is not redacted`),
  ];
}
