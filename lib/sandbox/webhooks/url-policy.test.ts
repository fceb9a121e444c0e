import { describe, expect, it } from 'vitest';
import { deliveryConfigFromEnv } from './config';
import { createWebhooksModule } from './module';
import { checkSubscriptionUrl, deliveryBlockedReason, normalizeUrl } from './url-policy';

describe('subscription URL policy', () => {
  it.each([
    'https://hooks.example.com/fx',
    'https://hooks.example.com:8443/fx?x=1',
    'http://localhost:3000/api/webhooks',
    'HTTP://LOCALHOST/hooks',
    'http://127.0.0.1:9/x',
    'http://[::1]:8080/',
  ])('accepts %s', (url) => {
    expect(checkSubscriptionUrl(url)).toEqual({ ok: true, url });
  });

  it.each([
    'http://hooks.example.com/fx',
    'http://localhost.evil.example/fx',
    'http://127.0.0.1.nip.io/fx',
    'http://10.0.0.5/fx',
    'http://0.0.0.0:3000/',
    'ftp://127.0.0.1/x',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'https://user:pass@hooks.example.com/',
    '//hooks.example.com/fx',
    'hooks.example.com/fx',
    `https://hooks.example.com/${'a'.repeat(2100)}`,
  ])('refuses %s', (url) => {
    expect(checkSubscriptionUrl(url).ok).toBe(false);
  });

  it('lets the sandbox connect to loopback hosts only, unless external delivery is enabled', () => {
    expect(deliveryBlockedReason('http://127.0.0.1:4000/x', false)).toBeNull();
    expect(deliveryBlockedReason('https://localhost/x', false)).toBeNull();
    expect(deliveryBlockedReason('https://hooks.example.com/x', false)).toMatch(/non-loopback/);
    expect(deliveryBlockedReason('https://hooks.example.com/x', true)).toBeNull();
    expect(deliveryBlockedReason('not a url', true)).toBe('Invalid delivery URL');
  });

  it('matches fail-next rules on the canonical URL', () => {
    expect(normalizeUrl('HTTP://LOCALHOST:80/a')).toBe(normalizeUrl('http://localhost/a'));
  });
});

describe('delivery configuration', () => {
  it('reads the time-out and the external switch from the environment, ignoring junk', () => {
    expect(deliveryConfigFromEnv({ SANDBOX_WEBHOOK_TIMEOUT_MS: '2500', SANDBOX_WEBHOOK_ALLOW_EXTERNAL: '1' })).toEqual({
      timeoutMs: 2500,
      allowExternal: true,
    });
    expect(deliveryConfigFromEnv({ SANDBOX_WEBHOOK_TIMEOUT_MS: '-5', SANDBOX_WEBHOOK_ALLOW_EXTERNAL: 'no' })).toEqual({});
  });

  it('builds a module with migrations 4xx, the routes and one delivery task', () => {
    const m = createWebhooksModule();
    expect(m.migrations.every((x) => x.id.startsWith('4'))).toBe(true);
    expect(m.tasks.map((t) => t.name)).toEqual(['webhooks.deliver']);
    expect(m.routes.map((r) => `${r.method} ${r.path}`)).toContain('POST /api/subscriptions/:subscriptionId/executionLogs/:executionLogId/resend');
  });
});
