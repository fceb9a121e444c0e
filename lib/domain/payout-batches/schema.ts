// zod/mini: shared by the batch upload form (browser) and its server actions.
import * as z from 'zod/mini';
import { fieldKey } from '@/lib/validation/validation-result';
import { MAX_BATCH_FILE_BYTES } from './limits';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuid = (error: string) => z.string({ error }).check(z.regex(UUID, { error }));
/** The file as base64 (bytes kept as sent, so the server decides the encoding); the byte cap is checked after decoding. */
const fileBase64 = z.string({ error: 'FILE_EMPTY' }).check(
  z.minLength(1, { error: 'FILE_EMPTY' }),
  z.maxLength(720_000, { error: fieldKey('BATCH_FILE_TOO_LARGE', { kib: MAX_BATCH_FILE_BYTES / 1024 }) }),
  z.regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: 'FILE_UNREADABLE' }),
);

export const previewBatchSchema = z.object({
  file: fileBase64,
  sourceAccountId: uuid('SOURCE_ACCOUNT_REQUIRED'),
});
export type PreviewBatchInput = z.infer<typeof previewBatchSchema>;

export const submitBatchSchema = z.object({
  file: fileBase64,
  sourceAccountId: uuid('SOURCE_ACCOUNT_REQUIRED'),
  /** The upload intent: it becomes the batch's id, so a double submit is one batch. */
  idempotencyKey: uuid('INVALID'),
  /** What the preview showed: the file must still read as this many rows with this digest. */
  rowCount: z.number().check(z.int(), z.minimum(1), z.maximum(1000)),
  rowsDigest: z.string().check(z.minLength(1), z.maxLength(100)),
  /** The lines the preview showed as invalid: left out only when the person said so, and only these. */
  excludedLines: z.array(z.number().check(z.int(), z.minimum(2))).check(z.maxLength(1000)),
  proceedWithoutInvalid: z.boolean(),
});
export type SubmitBatchInput = z.infer<typeof submitBatchSchema>;

export const batchIdSchema = z.object({ batchId: uuid('NOT_FOUND') });
export const approveBatchSchema = z.object({
  batchId: uuid('NOT_FOUND'),
  /** The signed answer of the step-up dialog; its absence is refused by the server (STEP_UP_REQUIRED), not here. */
  stepUp: z.optional(
    z.object({
      challengeId: z.string().check(z.maxLength(64)),
      webauthn: z.optional(z.unknown()),
      totp: z.optional(z.string().check(z.maxLength(16))),
    }),
  ),
});
export const rejectBatchSchema = z.object({
  batchId: uuid('NOT_FOUND'),
  reason: z.string({ error: 'REASON_REQUIRED' }).check(z.trim(), z.minLength(1, { error: 'REASON_REQUIRED' }), z.maxLength(500, { error: 'REASON_TOO_LONG' })),
});
