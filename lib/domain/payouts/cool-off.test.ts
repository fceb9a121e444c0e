import { describe, expect, it } from 'vitest';
import { approverCoolOff, approverSinceAfter } from './cool-off';

const at = new Date('2026-11-25T12:00:00Z');
const hoursAgo = (h: number) => new Date(at.getTime() - h * 3_600_000);

describe('approver cool-off', () => {
  it('refuses for the configured hours after the right was gained, then allows', () => {
    expect(approverCoolOff(hoursAgo(1), at, 24)).toEqual({ coolingOff: true, until: new Date('2026-11-26T11:00:00Z'), hours: 24 });
    expect(approverCoolOff(hoursAgo(23.99), at, 24).coolingOff).toBe(true);
    expect(approverCoolOff(hoursAgo(24), at, 24).coolingOff).toBe(false);
    expect(approverCoolOff(new Date(0), at, 720).coolingOff).toBe(false);
  });

  it('an unknown start counts as now; 0 hours turns the rule off', () => {
    expect(approverCoolOff(null, at, 24)).toMatchObject({ coolingOff: true, until: new Date('2026-11-26T12:00:00Z') });
    expect(approverCoolOff(null, at, 0).coolingOff).toBe(false);
    expect(approverCoolOff(at, at, 0).coolingOff).toBe(false);
  });

  it('restarts only when the right is gained; kept while held; cleared when lost', () => {
    const since = hoursAgo(100);
    expect(approverSinceAfter({ couldApprove: false, canApprove: true, approverSince: null }, at)).toEqual(at);
    expect(approverSinceAfter({ couldApprove: true, canApprove: true, approverSince: since }, at)).toEqual(since);
    expect(approverSinceAfter({ couldApprove: true, canApprove: false, approverSince: since }, at)).toBeNull();
    expect(approverSinceAfter({ couldApprove: false, canApprove: false, approverSince: null }, at)).toBeNull();
  });
});
