import { describe, expect, it } from 'vitest';
import { receiverUrlProblem } from './receiver-url';

describe('receiverUrlProblem', () => {
  it('a real service needs https; the embedded sandbox takes the console’s http address', () => {
    expect(receiverUrlProblem({ sandbox: 'off', receiverUrl: 'https://console.example.com/api/webhooks' })).toBeNull();
    expect(receiverUrlProblem({ sandbox: 'off', receiverUrl: 'http://console.example.com/api/webhooks' })).toBe('RECEIVER_NOT_HTTPS');
    expect(receiverUrlProblem({ sandbox: 'off', receiverUrl: 'not a url' })).toBe('RECEIVER_NOT_HTTPS');
    expect(receiverUrlProblem({ sandbox: 'on', receiverUrl: 'http://localhost:3000/api/webhooks' })).toBeNull();
  });
});
