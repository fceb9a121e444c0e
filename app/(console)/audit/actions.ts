'use server';

import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { actionClient } from '@/lib/actions/safe-action';
import { verifyStoredProof } from '@/lib/auth/step-up/service';
import { getDb } from '@/lib/db/client';
import { auditEvents } from '@/lib/db/schema';
import type { StepUpProof } from '@/lib/domain/step-up/challenge';
import { DomainError } from '@/lib/errors';

/**
 * Re-checks the signature an audit event keeps (details.stepUp): over the stored authenticator data and client data,
 * with the stored public key, and that what was signed is the digest of the stored statement. The proof is read
 * from the log itself, never taken from the browser.
 */
export const verifyAuditProofAction = actionClient
  .metadata({ name: 'audit.verifyStepUp', permission: 'audit:read' })
  .inputSchema(z.object({ eventId: z.uuid() }))
  .action(async ({ parsedInput, ctx }) => {
    const db = await getDb();
    const [event] = await db.select({ details: auditEvents.details, target: auditEvents.target }).from(auditEvents).where(eq(auditEvents.id, parsedInput.eventId));
    const proof = event?.details?.stepUp as StepUpProof | undefined;
    if (!proof) throw new DomainError('NOT_FOUND', { httpStatus: 404 });
    const result = await verifyStoredProof(proof);
    ctx.audit.target = parsedInput.eventId;
    ctx.audit.details = { digest: proof.digest, ok: result.ok, reason: result.reason ?? null };
    return result;
  });
