import { describe, expect, it } from 'vitest';
import { checkSubscriptionUrl, deliveryBlockedReason } from '@/lib/sandbox/webhooks/url-policy';
import { reachProblem, type DeliveryReach } from './delivery-reach';

const receiver = 'http://localhost:3000/api/webhooks';
const sandbox = (external = false, allowed: string[] = ['http://127.0.0.1:4500']): DeliveryReach => ({
  kind: 'sandbox',
  receiver,
  allowed,
  external,
});

const URLS = [
  'https://hooks.example.com/in',
  'http://hooks.example.com/in',
  'http://localhost:3000/api/webhooks',
  'http://localhost:3000/api/webhooks?e2e=1',
  'http://localhost:3000/api/webhooks/sub',
  'http://localhost:3000/api/webhooksx',
  'http://localhost:3000/admin',
  'http://localhost:1/x',
  'http://127.0.0.1:4500/anything',
  'http://127.0.0.2:4500/anything',
  'https://app.localhost/x',
  'http://[::1]:3000/api/webhooks',
  'https://0.0.0.0/x',
];

describe('reachProblem (the create form says before saving where deliveries could never arrive)', () => {
  it('the real service: no delivery limit beyond the URL rule', () => {
    expect(reachProblem('https://hooks.example.com/in', { kind: 'service' })).toBeNull();
  });

  it('the embedded sandbox: an outside host is refused unless external delivery is on', () => {
    expect(reachProblem('https://hooks.example.com/in', sandbox())).toEqual({
      code: 'WEBHOOK_URL_OUTSIDE_BLOCKED',
      host: 'hooks.example.com',
      receiver,
    });
    expect(reachProblem('https://hooks.example.com/in', sandbox(true))).toBeNull();
  });

  it('this machine: only the receiver and the allowed prefixes', () => {
    expect(reachProblem('http://localhost:3000/api/webhooks?e2e=1', sandbox())).toBeNull();
    expect(reachProblem('http://127.0.0.1:4500/x', sandbox())).toBeNull();
    expect(reachProblem('http://localhost:1/x', sandbox(true))).toEqual({ code: 'WEBHOOK_URL_LOCAL_NOT_ALLOWED', host: 'localhost:1', receiver });
    expect(reachProblem('http://localhost:3000/api/webhooksx', sandbox())?.code).toBe('WEBHOOK_URL_LOCAL_NOT_ALLOWED');
  });

  it('leaves unparseable text to the URL rule', () => {
    expect(reachProblem('not a url', sandbox())).toBeNull();
  });

  // The console cannot import the sandbox; this keeps its copy of the rule and the sandbox's in step.
  for (const external of [false, true]) {
    it(`agrees with the sandbox's own creation and delivery checks (external delivery ${external ? 'on' : 'off'})`, () => {
      const allow = [receiver, 'http://127.0.0.1:4500'];
      for (const url of URLS) {
        const sandboxSays = checkSubscriptionUrl(url, allow).ok && deliveryBlockedReason(url, external, allow) === null;
        const consoleSays = reachProblem(url, sandbox(external)) === null;
        // Plain http to an outside host: the sandbox refuses it at creation, the console's URL rule (urlProblem) too.
        if (url.startsWith('http://hooks.')) continue;
        expect({ url, deliverable: consoleSays }).toEqual({ url, deliverable: sandboxSays });
      }
    });
  }
});
