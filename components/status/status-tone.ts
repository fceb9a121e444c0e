import type { BadgeTone } from '@/components/ui/badge';

/**
 * Tone for the service's status values (accounts, assets, UBOs, instructions, operations, deliveries).
 * Unknown statuses are shown as neutral plain text: the contract leaves most enums open.
 */
const TONES: Record<string, BadgeTone> = {
  ACTIVE: 'success',
  APPROVED: 'success',
  COMPLETED: 'success',
  CONFIRMED: 'success',
  SUCCESS: 'success',
  ACTION_REQUIRED: 'warning',
  ON_HOLD: 'warning',
  PENDING: 'warning',
  PENDING_REVIEW: 'warning',
  FROZEN: 'warning',
  REVIEWING: 'info',
  OPENING: 'info',
  ONBOARDING: 'info',
  REQUESTED: 'info',
  PROCESSING: 'info',
  REJECTED: 'danger',
  FAILED: 'danger',
  CLOSED: 'neutral',
  DEACTIVATED: 'neutral',
};

export function statusTone(status: string): BadgeTone {
  return TONES[status] ?? 'neutral';
}
