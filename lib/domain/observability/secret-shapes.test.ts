import { randomUUID } from 'node:crypto';
import { encode } from 'next-auth/jwt';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { newTotpSecret } from '@/lib/auth/factors/totp';
import { generateSecret } from '@/lib/sandbox/core/customers';
import { generateOneTimePassword } from '@/lib/team/one-time-password';
import { createLogger } from '@/lib/observability/logger';
import { findSecretShapes } from './secret-shapes';

// Every shape is checked against the generator that makes the real secret, and against what a log line holds
// every day (request ids, key hashes, route templates, durations), which must never look like a secret.
describe('findSecretShapes', () => {
  it('finds each kind of secret the console and its sandbox make', async () => {
    const sessionCookie = await encode({ token: { sid: 'x' }, secret: 'a-secret-of-at-least-32-characters-long', salt: 'next-auth.session-token' });
    const accessToken = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(randomUUID()).sign(new TextEncoder().encode('k'.repeat(32)));
    const totp = newTotpSecret();
    const lines = [
      `{"msg":"token","body":{"clientSecret":"${generateSecret()}"}}`,
      `cookie: next-auth.session-token=${sessionCookie}`,
      `{"authorization":"Bearer ${accessToken}"}`,
      `{"secret":"${totp}"}`,
      `otpauth://totp/Console:admin?secret=${totp.slice(0, 16)}`,
      `{"msg":"user added","password":"${generateOneTimePassword()}"}`,
    ];
    expect(findSecretShapes(lines).map((f) => f.line)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('leaves the lines the console writes every day alone', () => {
    const out: string[] = [];
    const logger = createLogger({ level: 'info', destination: { write: (s: string) => void out.push(s) } });
    logger.info(
      {
        kind: 'service',
        requestId: randomUUID(),
        method: 'POST',
        endpoint: '/api/subscriptions/[id]/executionlogs/[id]/resend',
        status: 204,
        durationMs: 17.5,
        idempotencyKeyHash: 'd80fe7c2c9f8',
        serviceRequestId: randomUUID(),
        jobId: `job-${randomUUID()}`,
        traceId: 'e3b0c44298fc1c149afbf4c8996fb924',
      },
      'service call',
    );
    expect(out).toHaveLength(1);
    expect(findSecretShapes(out)).toEqual([]);
  });
});
