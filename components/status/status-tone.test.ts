import { describe, expect, it } from 'vitest';
import { humanizeEnum } from '@/lib/i18n/format';
import { statusTone } from './status-tone';

describe('status tone and label', () => {
  it('maps the account, asset and UBO statuses to tones', () => {
    expect(statusTone('ACTION_REQUIRED')).toBe('warning');
    expect(statusTone('ACTIVE')).toBe('success');
    expect(statusTone('ONBOARDING')).toBe('info');
    expect(statusTone('REJECTED')).toBe('danger');
    expect(statusTone('CLOSED')).toBe('neutral');
  });

  it('renders unknown statuses as neutral plain text', () => {
    expect(statusTone('SOMETHING_NEW')).toBe('neutral');
    expect(humanizeEnum('SOMETHING_NEW')).toBe('Something new');
  });

  it('turns enum values the catalogue does not know into sentence case', () => {
    expect(humanizeEnum('ACTION_REQUIRED')).toBe('Action required');
    expect(humanizeEnum('PENDING_REVIEW')).toBe('Pending review');
    expect(humanizeEnum('HOTEL__HOSPITALITY')).toBe('Hotel / hospitality');
  });
});
