import { describe, expect, it } from 'vitest';
import { failureSentence } from './service-error-alert';

describe('failureSentence', () => {
  it('turns a service failure into a sentence and keeps the request id apart', () => {
    const r = failureSentence({
      status: 400,
      code: 'INVALID_FILTER_FORMAT',
      message: 'Filter could not be parsed',
      requestId: 'req-123',
    });
    expect(r.requestId).toBe('req-123');
    expect(r.sentence).toContain('Filter could not be parsed');
    expect(r.sentence).not.toContain('req-123');
  });

  it('says retrying is safe when the service is down, without internals', () => {
    const r = failureSentence({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'upstream stack trace here', requestId: 'r-9' });
    expect(r.sentence).toBe('The payments service had a problem. Please try again in a moment');
    expect(r.requestId).toBe('r-9');
  });

  it('never shows an unknown error object', () => {
    const r = failureSentence(new TypeError('secret at /srv/app.js:1'));
    expect(r.sentence).not.toContain('secret');
    expect(r.requestId).toBeNull();
  });
});
